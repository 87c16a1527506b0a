import { describe, expect, it } from 'vitest'
import { createIconSprite } from './icon-sprite.ts'

const ATTRS =
  'xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
  'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"'
const icon = (name: string, body: string, extra = ' size-5', hidden = true) =>
  `<svg ${ATTRS} class="lucide lucide-${name}${extra}"${hidden ? ' aria-hidden="true"' : ''}>${body}</svg>`
const CHECK = '<path d="M20 6 9 17l-5-5"></path>'
const STAR = '<path d="M12 2l3 7h7l-6 4 2 7-6-4-6 4 2-7-6-4h7z"></path>'

function page(above: string, below: string, after = '') {
  return (
    `<html><body><div data-server-only="">${above}</div>` +
    `<div data-server-only="" data-fold=""><div><p>${below}</p></div></div>${after}</body></html>`
  )
}

describe('icon sprite', () => {
  it('turns the icons below the fold into references to one sprite, and leaves the rest', () => {
    const sprite = createIconSprite()
    const aboveIcon = icon('check', CHECK)
    const hydrated = `<section>${icon('star', STAR)}</section>`
    const taken = sprite.take(
      page(aboveIcon, icon('check', CHECK) + icon('star', STAR, ' fill-amber-400'), hydrated),
    )
    const file = sprite.sprite()!
    expect(file.fileName).toMatch(/^icons-[\w-]{10}\.svg$/)
    expect(file.svg).toContain(`<symbol id="check" viewBox="0 0 24 24">${CHECK}</symbol>`)
    expect(file.svg).toContain(`<symbol id="star" viewBox="0 0 24 24">${STAR}</symbol>`)

    const html = sprite.finish(taken, `/assets/${file.fileName}`)
    // Above the fold and outside the marked element (hydrated markup): as React wrote them.
    expect(html).toContain(`<div data-server-only="">${aboveIcon}</div>`)
    expect(html).toContain(hydrated)
    // Below: the icon's own classes, size and paint stay on it, so a fill class still wins and
    // an icon is 24 px, not 300, before the stylesheet applies.
    expect(html).toContain(
      `<svg class="fill-amber-400" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" ` +
        `stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">` +
        `<use href="/assets/${file.fileName}#star"></use></svg>`,
    )
    expect(html).toContain(`<use href="/assets/${file.fileName}#check"></use>`)
    expect(html).not.toContain('__ICON_SPRITE__')
  })

  it('keeps icons that say something (not aria-hidden, or titled) whole', () => {
    const sprite = createIconSprite()
    const spoken = icon('check', CHECK, ' size-5', false)
    const titled = icon('star', `<title>Rated</title>${STAR}`)
    const html = sprite.takeAll(spoken + titled)
    expect(html).toBe(spoken + titled)
    expect(sprite.sprite()).toBeNull()
  })

  it('refuses two different drawings under one name', () => {
    const sprite = createIconSprite()
    sprite.takeAll(icon('check', CHECK))
    expect(() => sprite.takeAll(icon('check', STAR))).toThrow(/two drawings named check/)
  })

  it('changes nothing in a document without a fold', () => {
    const sprite = createIconSprite()
    const html = `<html><body>${icon('check', CHECK)}</body></html>`
    expect(sprite.take(html)).toBe(html)
  })
})
