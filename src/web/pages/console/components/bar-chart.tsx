/**
 * Bars per day for the two models, stacked: an SVG drawn from the numbers (no chart library),
 * with a summary for screen readers and the numbers themselves one click away as a table.
 */
import type { DayCount } from '#src/common/console-api.ts'
import { MODEL_LABELS } from '#src/common/models.ts'
import { formatDate, formatNumber } from '../format.ts'

const COLORS = { basic: '#4fb89c', advanced: '#1f4a80' } as const

export function DailyBarChart({ title, days }: { title: string; days: DayCount[] }) {
  const totals = days.map((d) => d.basic + d.advanced)
  const max = Math.max(1, ...totals)
  const sum = totals.reduce((a, b) => a + b, 0)
  const width = 600
  const height = 160
  const gap = 4
  const bar = (width - gap * (days.length - 1)) / days.length
  const y = (n: number) => (n / max) * (height - 4)
  const summary = `${title}: ${formatNumber(sum)} in the last ${days.length} days, at most ${formatNumber(Math.max(0, ...totals))} on one day.`
  return (
    <figure>
      <figcaption className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-brand-900">{title}</span>
        <span className="flex gap-4 text-xs text-ink-600">
          {(['basic', 'advanced'] as const).map((m) => (
            <span key={m} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-sm"
                style={{ background: COLORS[m] }}
              />
              {MODEL_LABELS[m]}
            </span>
          ))}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-40 w-full"
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <line x1="0" x2={width} y1={height - 0.5} y2={height - 0.5} stroke="#d3dce7" />
        {days.map((d, i) => {
          const x = i * (bar + gap)
          const hb = y(d.basic)
          const ha = y(d.advanced)
          return (
            <g key={d.day}>
              <rect x={x} y={height - hb} width={bar} height={hb} fill={COLORS.basic} />
              <rect x={x} y={height - hb - ha} width={bar} height={ha} fill={COLORS.advanced} />
            </g>
          )
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-ink-600">
        <span>{days[0] ? formatDate(days[0].day) : ''}</span>
        <span>{days.at(-1) ? formatDate(days.at(-1)!.day) : ''}</span>
      </div>
      <details className="mt-2 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-brand-800">
          Show the numbers
        </summary>
        <table className="mt-2 w-full text-left text-sm tabular-nums">
          <caption className="sr-only">{title}, day by day</caption>
          <thead>
            <tr className="text-ink-600">
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 font-medium">
                Basic
              </th>
              <th scope="col" className="py-1 font-medium">
                Advanced
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day} className="border-t border-ink-100">
                <th scope="row" className="py-1 font-normal">
                  {formatDate(d.day)}
                </th>
                <td className="py-1">{d.basic}</td>
                <td className="py-1">{d.advanced}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
