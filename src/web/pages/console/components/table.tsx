import type { ReactNode } from 'react'

/** A data table that scrolls sideways on a phone instead of squeezing its columns. */
export function Table({
  caption,
  head,
  children,
  captionHidden = true,
}: {
  caption: string
  head: ReactNode[]
  children: ReactNode
  captionHidden?: boolean
}) {
  return (
    <div
      className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-ink-200"
      // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="w-full min-w-max text-left text-sm">
        <caption className={captionHidden ? 'sr-only' : 'p-4 text-left font-semibold'}>
          {caption}
        </caption>
        <thead className="border-b border-ink-200 bg-ink-50 text-xs tracking-wide text-ink-600 uppercase">
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">{children}</tbody>
      </table>
    </div>
  )
}

export function Td({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <td className={`px-4 py-3 align-top ${className}`}>{children}</td>
}
