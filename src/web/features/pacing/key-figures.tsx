import { cn } from '../../lib/cn.ts'

/** The key figures above the chart: a value, what it is, and when or why. */
export interface Figure {
  id: string
  label: string
  value: string
  note: string
}

/** Columns that fill every row for the usual counts (an empty cell would show as a grey gap). */
const COLUMNS: Record<number, string> = {
  2: 'grid-cols-1 sm:grid-cols-2',
  4: 'grid-cols-2 xl:grid-cols-4',
  6: 'grid-cols-2 sm:grid-cols-3',
  8: 'grid-cols-2 xl:grid-cols-4',
  9: 'grid-cols-2 sm:grid-cols-3',
}

export function KeyFigures({ figures }: { figures: readonly Figure[] }) {
  return (
    <dl
      className={cn(
        'grid gap-px overflow-hidden rounded-xl bg-ink-100 ring-1 ring-ink-100',
        COLUMNS[figures.length] ?? 'grid-cols-2 sm:grid-cols-3 xl:grid-cols-5',
      )}
    >
      {figures.map((fig, i) => (
        <div
          key={fig.id}
          data-figure={fig.id}
          className={
            i === figures.length - 1 && figures.length % 2 === 1
              ? 'col-span-2 bg-white p-4 sm:col-span-1'
              : 'bg-white p-4'
          }
        >
          <dt className="text-xs font-medium text-ink-600">{fig.label}</dt>
          <dd className="mt-1 text-xl font-semibold text-brand-900 tabular-nums">{fig.value}</dd>
          <dd className="mt-0.5 text-xs text-ink-600">{fig.note}</dd>
        </div>
      ))}
    </dl>
  )
}
