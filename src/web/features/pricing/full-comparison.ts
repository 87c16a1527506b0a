/**
 * The full comparison's rows (sections/pricing.tsx): the page's HTML holds the table's headings
 * and a link; this puts the rows in place from their own document, once, when pricing comes near
 * (pages/home/home-page.tsx). If that fails, the headings and the link stay, and opening the
 * comparison tries again.
 */

let loading: Promise<void> | null = null

async function loadRows(holder: HTMLElement): Promise<void> {
  const src = holder.dataset.rowsSrc
  if (!src) return
  const response = await fetch(src)
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const page = new DOMParser().parseFromString(await response.text(), 'text/html')
  const table = page.querySelector('table')
  const placeholder = holder.querySelector('table')
  if (!table || !placeholder) throw new Error('the comparison has no table')
  placeholder.replaceWith(document.importNode(table, true))
  holder.querySelector('[data-rows-link]')?.remove()
  delete holder.dataset.rowsSrc
}

// Loaded on demand by pages/home/home-page.tsx, which the checker does not follow.
// ts-unused-exports:disable-next-line
export function loadFullComparison(): Promise<void> {
  const details = document.querySelector('[data-full-comparison]')
  const holder = details?.querySelector<HTMLElement>('[data-rows-src]')
  if (!details || !holder) return Promise.resolve()
  if (!loading) details.addEventListener('toggle', retry)
  loading ??= loadRows(holder).then(
    () => details.removeEventListener('toggle', retry),
    (error: unknown) => {
      loading = null
      console.warn('The full comparison failed to load', error)
    },
  )
  return loading
}

/** After a failed load, opening the comparison tries again. */
function retry() {
  void loadFullComparison()
}
