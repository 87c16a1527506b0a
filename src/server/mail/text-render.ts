/**
 * The plain-text part of an e-mail, from the same React tree as its HTML, so each
 * e-mail is written once. The tree is walked directly: function components are called with
 * their props, and HTML elements become text by a few rules (a paragraph, heading or table is a
 * block with a blank line around it; a list item a line with "- "; a table row a line, its
 * header cell "Name: "; a link "label: address" unless the label is the address; an image,
 * the document head and anything with raw HTML are left out). <HtmlOnly> and <TextOnly> mark
 * the few places where the two parts differ.
 *
 * Mail components are therefore plain functions of their props: no hooks, no context, no
 * classes. Anything else throws, so a test fails instead of a part going missing.
 */
import { Fragment, type ReactElement, type ReactNode } from 'react'

/** In the HTML part only (the preview line, images, layout spacers). */
export function HtmlOnly({ children }: { children?: ReactNode }): ReactNode {
  return children
}

/** In the text part only. */
export function TextOnly(_: { children?: ReactNode }): ReactNode {
  return null
}

const BLOCKS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'ul',
  'ol',
  'hr',
  'blockquote',
  'center',
  'section',
])
const SKIPPED = new Set(['head', 'title', 'style', 'meta', 'link', 'img', 'script', 'template'])
const ELEMENT_TYPES = new Set([
  Symbol.for('react.transitional.element'),
  Symbol.for('react.element'),
])

type Props = { children?: ReactNode; href?: unknown; dangerouslySetInnerHTML?: unknown }

class Writer {
  private readonly blocks: string[] = []
  private current = ''

  write(text: string): void {
    this.current += text
  }
  /** Ends the current line (not a paragraph). */
  line(): void {
    if (this.current.trim() && !this.current.endsWith('\n')) this.current += '\n'
  }
  /** Ends the current paragraph. */
  block(): void {
    // Runs of spaces become one; each line is trimmed; empty lines go.
    const text = this.current
      .replace(/[ \t]+/g, ' ')
      .replace(/ ?\n[ \n]*/g, '\n')
      .trim()
    if (text) this.blocks.push(text)
    this.current = ''
  }
  /** The text written since the last block, on one line (a link's label). */
  inline(): string {
    return this.current.replace(/\s+/g, ' ').trim()
  }
  done(): string {
    this.block()
    return `${this.blocks.join('\n\n')}\n`
  }
}

function isElement(node: unknown): node is ReactElement<Props> {
  return (
    typeof node === 'object' &&
    node !== null &&
    ELEMENT_TYPES.has((node as { $$typeof?: symbol }).$$typeof as symbol)
  )
}

/** A link as text: the label, then where it goes, unless the label already says it. */
function linkText(label: string, href: string): string {
  const bare = (s: string) => s.replace(/^(mailto:|https?:\/\/)/i, '').replace(/\/$/, '')
  if (!href) return label
  if (!label || bare(label) === bare(href)) return href.startsWith('mailto:') ? bare(href) : href
  return `${label}: ${href}`
}

function walk(node: ReactNode, out: Writer): void {
  if (node === null || node === undefined || typeof node === 'boolean') return
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') {
    out.write(String(node).replace(/\s+/g, ' '))
    return
  }
  if (typeof node === 'object' && Symbol.iterator in node) {
    for (const child of node as Iterable<ReactNode>) walk(child, out)
    return
  }
  if (!isElement(node)) throw new Error('mail text: a node that is not an element')
  const { type, props } = node
  if (type === Fragment) return walk(props.children, out)
  if (type === HtmlOnly) return
  if (type === TextOnly) return walk(props.children, out)
  if (typeof type === 'function') {
    if ((type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent)
      throw new Error('mail text: class components are not supported')
    return walk((type as (p: Props) => ReactNode)(props), out)
  }
  if (typeof type !== 'string') throw new Error('mail text: only plain function components')
  if (SKIPPED.has(type) || props.dangerouslySetInnerHTML) return
  switch (type) {
    case 'br':
      out.write('\n')
      return
    case 'li':
      out.line()
      out.write('- ')
      walk(props.children, out)
      out.line()
      return
    case 'tr':
      out.line()
      walk(props.children, out)
      out.line()
      return
    case 'th':
      walk(props.children, out)
      out.write(': ')
      return
    case 'td':
      out.write(' ')
      walk(props.children, out)
      out.write(' ')
      return
    case 'a': {
      // The label alone, then the link: rendered apart so the label can be compared with it.
      const label = new Writer()
      walk(props.children, label)
      out.write(linkText(label.inline(), typeof props.href === 'string' ? props.href : ''))
      return
    }
  }
  if (BLOCKS.has(type)) {
    out.block()
    walk(props.children, out)
    out.block()
    return
  }
  walk(props.children, out)
}

/** The plain-text part of a mail tree. */
export function renderText(tree: ReactNode): string {
  const out = new Writer()
  walk(tree, out)
  return out.done()
}
