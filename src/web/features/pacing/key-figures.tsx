/** The key figures above the chart: a value, what it is, and when or why. */
export interface Figure {
  id: string
  label: string
  value: string
  note: string
}

export function KeyFigures({ figures }: { figures: readonly Figure[] }) {
  return (
    <dl
      className={
        figures.length === 4
          ? 'grid grid-cols-2 gap-px overflow-hidden rounded-xl bg-ink-100 ring-1 ring-ink-100 xl:grid-cols-4'
          : 'grid grid-cols-2 gap-px overflow-hidden rounded-xl bg-ink-100 ring-1 ring-ink-100 sm:grid-cols-3 xl:grid-cols-5'
      }
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
