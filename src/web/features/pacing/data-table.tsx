/** The lab's yearly tables: right-aligned tabular numbers, scrolling sideways on a phone. */
import { memo } from 'react'

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
  const sticky = stickyFirst ? 'sticky left-0 ' : ''
  return (
    // Focusable so a keyboard can scroll it (axe: scrollable-region-focusable).
    <div
      role="region"
      aria-label={regionLabel}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="overflow-x-auto rounded-xl bg-white ring-1 ring-ink-100 [contain:content]"
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
                    : 'px-3 py-2.5 font-semibold whitespace-nowrap'
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
