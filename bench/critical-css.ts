/**
 * The critical CSS of a pre-rendered document (docs/architecture.md, "Budgets"): the rules of the
 * site's stylesheet that style what a visitor sees before scrolling. The bench's static page
 * (bench/static-page.ts) inlines it in place of the stylesheet: the fastest first paint a page of
 * our content can have, which ours is judged against. (The site itself inlined it until decision
 * 19: restyling the whole page when the rest of the sheet arrived cost more than the first paint
 * gained.)
 *
 * "Before scrolling" is the markup before the first element marked `data-fold`
 * (components/server-only.tsx puts it on the home page's below-the-fold sections); a document
 * without one counts whole. Beasties picks the rules whose selectors match an element there;
 * then what a still first picture cannot show goes (hover and focus states, transitions), the
 * theme's values are written where they are used, and what only those rules need stays:
 * custom properties nobody reads go, and so do the @property registrations of variables no
 * kept rule uses. One rule is added: below the fold, nothing is laid out before it nears the
 * screen (BELOW_THE_FOLD_LATER).
 */
import Beasties from 'beasties'
import postcss, { type AtRule, type Root } from 'postcss'

const FOLD = /<[a-z][\w-]*\b[^>]*\sdata-fold(?:=""|\b)[^>]*>/i

/**
 * The sections below the fold (the fold's children, what follows it in <main>, and the footer)
 * are styled and laid out only when they near the screen: otherwise Chromium lays out the whole
 * page, unstyled below the fold, for the first paint and again when the rest of the HTML has
 * arrived (a trace of `/`, decision 13).
 */
const BELOW_THE_FOLD_LATER =
  '@media (scripting:enabled){[data-fold]>*,[data-fold]~*,main~[data-server-only]' +
  '{content-visibility:auto;contain-intrinsic-size:auto 900px}}'

/** The document up to its fold, closed well enough to be parsed. */
function aboveTheFold(html: string): string {
  const fold = FOLD.exec(html)
  return fold ? `${html.slice(0, fold.index)}</body></html>` : html
}

/** The names of the cascade layers of a stylesheet, in the order they are first declared. */
function layerOrder(root: Root): string[] {
  const names: string[] = []
  root.each((node) => {
    if (node.type !== 'atrule' || node.name !== 'layer') return
    for (const name of node.params.split(',').map((n) => n.trim())) {
      if (name && !names.includes(name)) names.push(name)
    }
  })
  return names
}

/**
 * Drops custom properties that no var() of the stylesheet reads and @property rules of
 * variables no declaration uses, then the rules and at-rules left empty. Repeats until stable:
 * a variable may only have been read by another one that went.
 */
function pruneUnusedVariables(root: Root): void {
  for (;;) {
    const read = new Set<string>()
    root.walkDecls((decl) => {
      for (const match of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(match[1]!)
    })
    let removed = 0
    root.walkDecls((decl) => {
      if (decl.prop.startsWith('--') && !read.has(decl.prop)) {
        decl.remove()
        removed++
      }
    })
    root.walkAtRules('property', (rule) => {
      if (!read.has(rule.params.trim())) {
        rule.remove()
        removed++
      }
    })
    removeEmpty(root)
    if (removed === 0) return
  }
}

function removeEmpty(root: Root): void {
  let again = true
  while (again) {
    again = false
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes?.length === 0) {
        node.remove()
        again = true
      }
    })
  }
}

/** Pointer and focus states: nobody hovers or tabs before the full stylesheet is there. */
const LATER_STATES = /:(?:hover|focus|focus-visible|focus-within|active|visited)\b/
/**
 * Declarations that change nothing in a still picture. Smooth scrolling too: before the full
 * stylesheet the only scroll is the browser's own to an address's fragment (/#pricing), which
 * must be instant. Animated, it heads for where the section was in a page styled only above the
 * fold, and can arrive there after boot.ts has put the section back in view.
 */
const MOTION = /^(?:transition|--tw-duration|--tw-ease|cursor$|scroll-behavior$)/

/**
 * Drops what the first paint cannot show: rules of pointer and focus states, and transitions.
 * The full stylesheet brings them a moment later.
 */
function dropLaterStates(root: Root): void {
  root.walkRules((rule) => {
    const now = rule.selectors.filter((selector) => !LATER_STATES.test(selector))
    if (now.length === 0) rule.remove()
    else if (now.length < rule.selectors.length) rule.selectors = now
  })
  root.walkDecls((decl) => {
    if (MOTION.test(decl.prop)) decl.remove()
  })
  removeEmpty(root)
}

/**
 * Writes the values of the theme's variables (Tailwind's `@layer theme`) where the rules read
 * them, and drops the theme's declarations the document does not read itself (in a style
 * attribute): each value once, where it is used, instead of a :root rule of them all.
 */
function inlineThemeVariables(root: Root, readByDocument: Set<string>): void {
  const theme = new Map<string, string>()
  root.walkAtRules('layer', (layer) => {
    if (layer.params !== 'theme') return
    layer.walkDecls((decl) => {
      if (decl.prop.startsWith('--')) theme.set(decl.prop, decl.value)
    })
  })
  const resolve = (value: string, depth = 0): string =>
    depth > 8
      ? value
      : value.replace(/var\((--[\w-]+)\)/g, (whole, name: string) =>
          theme.has(name) ? resolve(theme.get(name)!, depth + 1) : whole,
        )
  root.walkDecls((decl) => {
    const inTheme =
      decl.parent?.parent?.type === 'atrule' && (decl.parent.parent as AtRule).params === 'theme'
    if (inTheme) {
      if (!readByDocument.has(decl.prop)) decl.remove()
    } else if (decl.value.includes('var(')) {
      decl.value = resolve(decl.value)
    }
  })
  removeEmpty(root)
}

/**
 * Tailwind gives its internal variables (--tw-shadow, --tw-ring-color, ...) their starting
 * values twice: as @property registrations, and as a `*, ::before, ::after` rule that only
 * browsers without @property apply. For the first paint the rule alone does the same (each
 * element gets the value directly, as a non-inheriting registration would give it), so the
 * inline copy keeps the rule, unconditionally, and drops the registrations; the full
 * stylesheet brings them. Declarations repeated word for word within a rule go too.
 */
function defaultsWithoutRegistrations(root: Root): void {
  root.walkAtRules('supports', (rule) => {
    const layer = rule.parent
    if (layer?.type === 'atrule' && (layer as AtRule).params === 'properties' && rule.nodes)
      rule.replaceWith(rule.nodes)
  })
  root.walkAtRules('property', (rule) => {
    rule.remove()
  })
  root.walkRules((rule) => {
    const seen = new Set<string>()
    rule.each((node) => {
      if (node.type !== 'decl') return
      const key = `${node.prop}:${node.value}${node.important ? '!' : ''}`
      if (seen.has(key)) node.remove()
      else seen.add(key)
    })
  })
}

const beasties = new Beasties({
  // The stylesheet comes in as a <style>; nothing is fetched and no link is rewritten.
  external: false,
  reduceInlineStyles: true,
  keyframes: 'critical',
  fonts: false,
  compress: true,
  logLevel: 'warn',
})

/** The rules of css that the document's markup above its fold uses, smallest first. */
export async function criticalCss(html: string, css: string): Promise<string> {
  const top = aboveTheFold(html).replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '')
  const marked = top.includes('</head>')
    ? top.replace('</head>', () => `<style>${css}</style></head>`)
    : `<style>${css}</style>${top}`
  const processed = await beasties.process(marked)
  const picked = /<style>([\s\S]*?)<\/style>/.exec(processed)?.[1] ?? ''
  const root = postcss.parse(picked)
  dropLaterStates(root)
  const readByDocument = new Set(
    [...html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '').matchAll(/var\(\s*(--[\w-]+)/g)].map(
      (match) => match[1]!,
    ),
  )
  inlineThemeVariables(root, readByDocument)
  defaultsWithoutRegistrations(root)
  pruneUnusedVariables(root)
  // Empty layers went with the rest; declaring the stylesheet's order first keeps the layers'
  // precedence when the full stylesheet (which has them all) arrives.
  const order = layerOrder(postcss.parse(css))
  root.each((node) => {
    if (node.type === 'atrule' && node.name === 'layer' && !(node as AtRule).nodes) node.remove()
  })
  const statement = order.length ? `@layer ${order.join(',')};` : ''
  return statement + root.toString() + (FOLD.test(html) ? BELOW_THE_FOLD_LATER : '')
}
