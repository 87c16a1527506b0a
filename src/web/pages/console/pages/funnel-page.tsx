/**
 * The funnel: visits -> trial requests -> keys -> paid orders, per week and by source, counted
 * without cookies (visits from the server's document requests); trial-to-paid within 30 days
 * by model; revenue by month; the weekly rows as CSV.
 */
import { Download } from 'lucide-react'
import { useState } from 'react'
import type { FunnelReport, FunnelRow } from '#src/common/console-api.ts'
import { MODEL_LABELS } from '#src/common/models.ts'
import { consoleApi } from '#src/common/paths.ts'
import { buttonClasses } from '../../../components/ui/button.tsx'
import { DataState, PageHeader } from '../components/page-header.tsx'
import { Table, Td } from '../components/table.tsx'
import { useApiData } from '../console-api.ts'
import { formatMoney, formatNumber } from '../format.ts'

const STAGES = ['visits', 'trials', 'keys', 'orders'] as const
const STAGE_LABELS = {
  visits: 'Visits',
  trials: 'Trial requests',
  keys: 'Keys',
  orders: 'Paid orders',
}
const COLORS = { visits: '#c9d6e8', trials: '#7fa3cf', keys: '#1f4a80', orders: '#4fb89c' }

/** Widest a week's group of four bars gets, and the gap between groups (viewBox units). */
const GROUP_MAX = 120
const GROUP_GAP = 16

/**
 * Per week, the four stages side by side on one linear scale (a log scale would hide orders),
 * each bar labelled with its count when there is room. A few weeks keep their natural size
 * instead of stretching over the whole width.
 */
function WeeklyChart({ weeks }: { weeks: FunnelRow[] }) {
  const byWeek = new Map<string, Record<(typeof STAGES)[number], number>>()
  for (const r of weeks) {
    const w = byWeek.get(r.week) ?? { visits: 0, trials: 0, keys: 0, orders: 0 }
    for (const s of STAGES) w[s] += r[s]
    byWeek.set(r.week, w)
  }
  const entries = [...byWeek.entries()].sort(([a], [b]) => a.localeCompare(b))
  const max = Math.max(1, ...entries.map(([, w]) => Math.max(w.visits, w.trials)))
  const group = Math.min(GROUP_MAX, 640 / Math.max(1, entries.length))
  const bar = Math.max(2, (group - GROUP_GAP) / STAGES.length)
  const labelled = bar >= 18
  const width = Math.max(320, entries.length * group + GROUP_GAP)
  const top = 16
  const height = 180
  const left = (width - entries.length * group) / 2
  const summary = entries
    .map(
      ([week, w]) =>
        `week of ${week}: ${STAGES.map((s) => `${w[s]} ${STAGE_LABELS[s].toLowerCase()}`).join(', ')}`,
    )
    .join('; ')
  return (
    <figure>
      <figcaption className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-brand-900">Per week</span>
        <span className="flex flex-wrap gap-4 text-xs text-ink-600">
          {STAGES.map((s) => (
            <span key={s} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-sm"
                style={{ background: COLORS[s] }}
              />
              {STAGE_LABELS[s]}
            </span>
          ))}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${top + height + 20}`}
        className="h-52 w-full"
        role="img"
        aria-label={summary || 'No data yet'}
      >
        <line
          x1={left}
          x2={width - left}
          y1={top + height}
          y2={top + height}
          stroke="#c3cad5"
          strokeWidth="1"
        />
        {entries.map(([week, w], i) => (
          <g key={week} transform={`translate(${left + i * group + GROUP_GAP / 2}, 0)`}>
            {STAGES.map((s, k) => {
              const h = w[s] === 0 ? 0 : Math.max(2, (w[s] / max) * (height - 4))
              return (
                <g key={s}>
                  <rect
                    x={k * bar}
                    y={top + height - h}
                    width={bar - 1}
                    height={h}
                    fill={COLORS[s]}
                  />
                  {labelled ? (
                    <text
                      x={k * bar + (bar - 1) / 2}
                      y={top + height - h - 4}
                      textAnchor="middle"
                      fontSize="11"
                      fill="#243040"
                    >
                      {formatNumber(w[s])}
                    </text>
                  ) : null}
                </g>
              )
            })}
            <text
              x={(group - GROUP_GAP) / 2}
              y={top + height + 15}
              textAnchor="middle"
              fontSize="11"
              fill="#56606e"
            >
              {week.slice(5)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  )
}

const percent = (n: number) => `${(n * 100).toFixed(1)}%`

export function FunnelPage() {
  const [days, setDays] = useState(28)
  const { data, loading, error } = useApiData<FunnelReport>(`${consoleApi.funnel}?days=${days}`)
  return (
    <div>
      <PageHeader
        title="Funnel"
        description="A visit is a page reached from outside the site, counted on the server without cookies or anything that identifies a person; its source is the page's utm_source, direct when none."
        actions={
          <>
            <label className="flex items-center gap-2 text-sm text-ink-700">
              Period
              <select
                value={days}
                onChange={(e) => setDays(Number(e.target.value))}
                className="min-h-10 rounded-lg border border-ink-300 bg-white px-2"
              >
                <option value={7}>7 days</option>
                <option value={28}>28 days</option>
                <option value={90}>90 days</option>
                <option value={365}>365 days</option>
              </select>
            </label>
            <a
              href={`${consoleApi.funnelExport}?days=${days}`}
              className={buttonClasses('secondary')}
            >
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </a>
          </>
        }
      />
      <DataState loading={loading && !data} error={error} />
      {data ? (
        <div className="space-y-6">
          <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-ink-200">
            <WeeklyChart weeks={data.weeks} />
          </div>
          <Table
            caption="By source"
            captionHidden={false}
            head={['Source', 'Visits', 'Trial requests', 'Keys', 'Paid orders', 'Visit to trial']}
          >
            {data.sources.map((r) => (
              <tr key={r.source}>
                <Td>{r.source}</Td>
                {STAGES.map((s) => (
                  <Td key={s} className="tabular-nums">
                    {formatNumber(r[s])}
                  </Td>
                ))}
                <Td className="tabular-nums">{r.visits ? percent(r.trials / r.visits) : '—'}</Td>
              </tr>
            ))}
          </Table>
          <Table
            caption="Per week and source"
            captionHidden={false}
            head={['Week of', 'Source', 'Visits', 'Trial requests', 'Keys', 'Paid orders']}
          >
            {data.weeks.map((r) => (
              <tr key={`${r.week}-${r.source}`}>
                <Td className="whitespace-nowrap">{r.week}</Td>
                <Td>{r.source}</Td>
                {STAGES.map((s) => (
                  <Td key={s} className="tabular-nums">
                    {formatNumber(r[s])}
                  </Td>
                ))}
              </tr>
            ))}
          </Table>
          <div className="grid gap-6 lg:grid-cols-2">
            <Table
              caption="Trial to paid within 30 days"
              captionHidden={false}
              head={['Model', 'Trials with a key', 'Bought', 'Rate']}
            >
              {data.trialToPaid.map((r) => (
                <tr key={r.model}>
                  <Td>{MODEL_LABELS[r.model]}</Td>
                  <Td className="tabular-nums">{formatNumber(r.trials)}</Td>
                  <Td className="tabular-nums">{formatNumber(r.paid)}</Td>
                  <Td className="tabular-nums">{r.trials ? percent(r.rate) : '—'}</Td>
                </tr>
              ))}
            </Table>
            <Table
              caption="Revenue by month"
              captionHidden={false}
              head={['Month', 'Currency', 'Revenue']}
            >
              {data.revenue.length === 0 ? (
                <tr>
                  <Td>No paid orders in this period.</Td>
                  <Td>—</Td>
                  <Td>—</Td>
                </tr>
              ) : (
                data.revenue.map((r) => (
                  <tr key={`${r.month}-${r.currency}`}>
                    <Td>{r.month}</Td>
                    <Td>{r.currency.toUpperCase()}</Td>
                    <Td className="tabular-nums">{formatMoney(r.amountMinor, null)}</Td>
                  </tr>
                ))
              )}
            </Table>
          </div>
          {data.referrers.length ? (
            <Table
              caption="Top referring sites"
              captionHidden={false}
              head={['Referrer', 'Visits']}
            >
              {data.referrers.map((r) => (
                <tr key={r.referrer}>
                  <Td>{r.referrer}</Td>
                  <Td className="tabular-nums">{formatNumber(r.visits)}</Td>
                </tr>
              ))}
            </Table>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
