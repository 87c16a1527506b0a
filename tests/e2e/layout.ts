/**
 * Layout measures the browser tests share: how many lines a control's words take, and holding
 * a request back.
 */
import type { Locator, Page } from '@playwright/test'

/**
 * The number of lines the text inside an element is laid out on (its text nodes' boxes, by
 * their top edge). A button's height cannot tell: two lines of small text fit its 44 px.
 */
async function textLines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const tops: number[] = []
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const rect of range.getClientRects()) {
        if (rect.width === 0 || rect.height === 0) continue
        if (!tops.some((top) => Math.abs(top - rect.top) < rect.height / 2)) tops.push(rect.top)
      }
    }
    return tops.length
  })
}

/**
 * Whether an element's words stay on one line and inside its own box: a label kept from
 * wrapping (white-space: nowrap) can instead run past its padding or be cut off.
 */
export async function onOneLineInside(locator: Locator): Promise<boolean> {
  const lines = await textLines(locator)
  const overflow = await locator.evaluate((element) => element.scrollWidth - element.clientWidth)
  return lines === 1 && overflow <= 0
}

/**
 * Holds every request for a URL matching `url` until `release()` is called; `asked` resolves at
 * the first such request.
 */
export async function holdRequests(
  page: Page,
  url: RegExp,
): Promise<{ asked: Promise<void>; release: () => void }> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let noteAsked = () => {}
  const asked = new Promise<void>((resolve) => (noteAsked = resolve))
  await page.route(url, async (route) => {
    noteAsked()
    await held
    await route.continue()
  })
  return { asked, release }
}
