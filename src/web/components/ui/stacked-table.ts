/**
 * A table that reflows on a phone instead of hiding its right-hand columns past the screen's
 * edge: below 640 px each row becomes a block, its first cell a heading and every other cell a
 * line that names its column (the cell's data-label, see labelTableCells). From 640 px up it
 * is an ordinary table. The column headings stay for screen readers.
 */
export const STACKED_TABLE = [
  'max-sm:block max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:py-2 max-sm:[&_thead]:sr-only',
  'max-sm:[&_th]:block max-sm:[&_th]:whitespace-normal',
  'max-sm:[&_td]:relative max-sm:[&_td]:block max-sm:[&_td]:py-1 max-sm:[&_td]:pl-32',
  'max-sm:[&_td]:before:absolute max-sm:[&_td]:before:left-3 max-sm:[&_td]:before:w-28 max-sm:[&_td]:before:text-ink-600 max-sm:[&_td]:before:content-[attr(data-label)]',
].join(' ')

/**
 * The HTML of tables (as marked writes them) with each body cell's data-label set to its
 * column's heading, for STACKED_TABLE.
 */
export function labelTableCells(html: string): string {
  return html.replace(/<table>([\s\S]*?)<\/table>/g, (table, inner: string) => {
    const head = /<thead>([\s\S]*?)<\/thead>/.exec(inner)?.[1] ?? ''
    const labels = [...head.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) =>
      m[1]!.replace(/<[^>]+>/g, '').replace(/"/g, '&quot;'),
    )
    if (!labels.length) return table
    return table.replace(/<tr>([\s\S]*?)<\/tr>/g, (_row, cells: string) => {
      let i = 0
      return `<tr>${cells.replace(/<td(\s[^>]*)?>/g, (_, attributes = '') => `<td data-label="${labels[i++] ?? ''}"${attributes}>`)}</tr>`
    })
  })
}
