/**
 * A small hand-written SVG chart (no chart library: the lab's JavaScript budget is 110 KB,
 * docs/architecture.md, "Budgets"). Bars and lines are drawn in a 100 x 100 box stretched to the
 * container; axis labels are HTML, so they stay readable on a 320 px phone. The container has a
 * fixed height, so nothing moves when the numbers change (CLS 0).
 */
import { memo } from 'react'
import { cn } from '../../lib/cn.ts'
import { barsPath, labelEvery, linePath, niceDomain, xOf, yOf, type Domain } from './chart-scale.ts'

export interface ChartSeries {
  id: string
  label: string
  kind: 'bar' | 'line'
  values: readonly number[]
  /** A colour from the theme (CSS value). */
  color: string
  dashed?: boolean
  /** Thicker line for the series the chart is about. */
  strong?: boolean
}

interface Props {
  id: string
  title: string
  summary: string
  /** X labels, one per slot (fund age or calendar year). */
  labels: readonly number[]
  series: readonly ChartSeries[]
  formatTick: (n: number) => string
  /** Fixed domain (e.g. 0..max for shares); default: every value and zero. */
  domain?: Domain
  className?: string
}

function ChartImpl({ id, title, summary, labels, series, formatTick, domain, className }: Props) {
  const d = domain ?? niceDomain(series.flatMap((s) => s.values))
  const bars = series.filter((s) => s.kind === 'bar')
  const lines = series.filter((s) => s.kind === 'line')
  const n = labels.length
  const every = labelEvery(n, 12)
  // On a phone, print half of the labels when there are many.
  const thinOnPhone = Math.ceil(n / every) > 7
  return (
    <figure aria-labelledby={`${id}-title`} className={cn('min-w-0', className)}>
      <figcaption>
        <h3 id={`${id}-title`} className="text-base font-semibold text-brand-900">
          {title}
        </h3>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-600">
          {series.map((s) => (
            <li key={s.id} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={cn('inline-block', s.kind === 'bar' ? 'size-3 rounded-sm' : 'h-0.5 w-4')}
                style={{
                  background: s.dashed
                    ? `repeating-linear-gradient(90deg, ${s.color} 0 4px, transparent 4px 7px)`
                    : s.color,
                }}
              />
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <div className="relative mt-4 h-56 text-xs text-ink-600 tabular-nums [contain:strict] sm:h-72">
        <div aria-hidden="true" className="absolute top-2 bottom-7 left-0 w-12">
          {d.ticks.map((t) => (
            <span
              key={t}
              className="absolute right-2 -translate-y-1/2 whitespace-nowrap"
              style={{ top: `${yOf(t, d)}%` }}
            >
              {formatTick(t)}
            </span>
          ))}
        </div>
        <div className="absolute top-2 right-1 bottom-7 left-12">
          <svg
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            className="block size-full overflow-visible"
            role="img"
            aria-label={`${title}. ${summary}`}
            data-chart={id}
          >
            {d.ticks.map((t) => (
              <line
                key={t}
                x1="0"
                x2="100"
                y1={yOf(t, d)}
                y2={yOf(t, d)}
                stroke={t === 0 ? 'var(--color-ink-400)' : 'var(--color-ink-100)'}
                strokeWidth="1"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {bars.map((s, lane) => (
              <path
                key={s.id}
                data-series={s.id}
                d={barsPath(s.values, d, lane, bars.length)}
                fill={s.color}
              />
            ))}
            {lines.map((s) => (
              <path
                key={s.id}
                data-series={s.id}
                d={linePath(s.values, d)}
                fill="none"
                stroke={s.color}
                strokeWidth={s.strong ? 3 : 2}
                strokeDasharray={s.dashed ? '6 4' : undefined}
                strokeLinejoin="round"
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
        </div>
        <div aria-hidden="true" className="absolute right-1 bottom-0 left-12 h-6">
          {labels.map((label, i) =>
            i % every === 0 ? (
              <span
                key={label}
                className={cn(
                  'absolute top-1 -translate-x-1/2',
                  thinOnPhone && (i / every) % 2 === 1 && 'max-sm:hidden',
                )}
                style={{ left: `${xOf(i, n)}%` }}
              >
                {label}
              </span>
            ) : null,
          )}
        </div>
      </div>
    </figure>
  )
}

export const Chart = memo(ChartImpl)
