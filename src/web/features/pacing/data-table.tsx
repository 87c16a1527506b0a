/**
 * The lab's yearly tables: right-aligned tabular numbers, scrolling sideways on a phone. The year
 * column can stay in view, and a shadow at the right edge says there is more to scroll to: a
 * white cover attached to the content's end hides the shadow once the end is reached (pure CSS,
 * no scroll listener).
 */
import { memo, type CSSProperties } from 'react'

export const SCROLL_SHADOW: CSSProperties = {
  background: [
    'linear-gradient(to left, #fff 40%, rgb(255 255 255 / 0)) right center / 2.5rem 100% no-repeat local',
    'radial-gradient(farthest-side at 100% 50%, rgb(15 23 42 / 0.22), rgb(15 23 42 / 0)) right center / 0.9rem 100% no-repeat scroll',
    '#fff',
  ].join(', '),
}

export interface Column<Row> {
  key: string
  label: string
  value: (row: Row) => string
}

interface Props<Row> {
  id: string
  caption: string
  regionLabel: string
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  /** Keep the first column in view while scrolling sideways (costly on long tables). */
  stickyFirst?: boolean
}

function DataTableImpl<Row>({
  id,
  caption,
  regionLabel,
  columns,
  rows,
  stickyFirst = false,
}: Props<Row>) {
  // The sticky column's own edge shows where the scrolled columns slide under it.
  const sticky = stickyFirst ? 'sticky left-0 z-[1] shadow-[1px_0_0_var(--color-ink-200)] ' : ''
  return (
    // Focusable so a keyboard can scroll it (axe: scrollable-region-focusable).
    <div
      role="region"
      aria-label={regionLabel}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="overflow-x-auto rounded-xl ring-1 ring-ink-100 [contain:content]"
      style={SCROLL_SHADOW}
      data-scroll-shadow=""
    >
      <table id={id} className="w-full border-collapse text-right text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-ink-50 text-xs text-ink-700">
          <tr>
            {columns.map((c, i) => (
              <th
                key={c.key}
                scope="col"
                className={
                  i === 0
                    ? `${sticky}bg-ink-50 px-3 py-2.5 text-left font-semibold`
                    : 'bg-ink-50 px-3 py-2.5 font-semibold whitespace-nowrap'
                }
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-t border-ink-100">
              {columns.map((c, i) =>
                i === 0 ? (
                  <th
                    key={c.key}
                    scope="row"
                    className={`${sticky}bg-white px-3 py-2 text-left font-medium text-ink-800`}
                  >
                    {c.value(row)}
                  </th>
                ) : (
                  <td key={c.key} className="px-3 py-2 whitespace-nowrap text-ink-800">
                    {c.value(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export const DataTable = memo(DataTableImpl) as typeof DataTableImpl
