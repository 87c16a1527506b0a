/** At a glance: keys left and how long they last, demand, the waitlist, mail health, alerts. */
import { AlertTriangle, CheckCircle2, Rocket } from 'lucide-react'
import type { GoLiveReport, ModelSupply, Overview } from '#src/common/console-api.ts'
import { MODEL_LABELS, MODELS } from '#src/common/models.ts'
import { consoleApi } from '#src/common/paths.ts'
import { DailyBarChart } from '../components/bar-chart.tsx'
import { DataState, PageHeader, Panel, Stat } from '../components/page-header.tsx'
import { useApiData } from '../console-api.ts'
import { formatDateTime, formatMoney, formatNumber, plural } from '../format.ts'

function describeAction(action: string, detail: Record<string, unknown>): string {
  const bits = Object.entries(detail)
    .filter(([k]) =>
      [
        'model',
        'imported',
        'duplicates',
        'withKey',
        'requeued',
        'rows',
        'email',
        'key',
        'submissions',
      ].includes(k),
    )
    .map(([k, v]) => `${k} ${String(v)}`)
  return bits.length ? `${action} (${bits.join(', ')})` : action
}

function supplyHint(k: ModelSupply): string {
  const demo = k.demoAvailable ? ` · ${k.demoAvailable} demo` : ''
  const rate = `${plural(k.claimsLast7Days, 'claim')} in 7 days`
  if (k.available === 0) return `Pool empty · ${rate}`
  if (k.daysOfSupply === null) return `No claims in 7 days${demo}`
  return `About ${k.daysOfSupply} days at ${rate}${demo}`
}

/** The go-live check (`npm run admin -- doctor`): what stands between this install and a live site. */
function GoLivePanel({ report }: { report: GoLiveReport }) {
  const ready = report.blockers.length === 0
  return (
    <section
      aria-labelledby="go-live-heading"
      className={`rounded-xl p-4 ring-1 ${ready ? 'bg-emerald-50 ring-emerald-200' : 'bg-red-50 ring-red-200'}`}
    >
      <h2
        id="go-live-heading"
        className={`flex items-center gap-2 font-semibold ${ready ? 'text-emerald-900' : 'text-red-900'}`}
      >
        {ready ? (
          <CheckCircle2 aria-hidden="true" className="size-4" />
        ) : (
          <Rocket aria-hidden="true" className="size-4" />
        )}
        {ready
          ? 'Ready to go live'
          : `Before going live: ${plural(report.blockers.length, 'blocker')}`}
      </h2>
      {report.blockers.length ? (
        <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-red-900">
          {report.blockers.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      ) : null}
      {report.warnings.length ? (
        <details className="mt-3 text-sm text-ink-800">
          <summary className="cursor-pointer font-medium">
            {plural(report.warnings.length, 'warning')}
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {report.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <p className="mt-3 text-xs text-ink-600">
        The same list as <code>npm run admin -- doctor</code>, with this server&apos;s settings.
      </p>
    </section>
  )
}

export function OverviewPage() {
  const { data, loading, error } = useApiData<Overview>(consoleApi.overview)
  return (
    <div>
      <PageHeader
        title="Overview"
        description="Keys, demand, the waitlist and e-mail, as of now."
      />
      <DataState loading={loading && !data} error={error} />
      {data ? (
        <div className="space-y-6">
          {data.goLive ? <GoLivePanel report={data.goLive} /> : null}
          {data.alerts.length ? (
            <section
              aria-labelledby="alerts-heading"
              className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
            >
              <h2
                id="alerts-heading"
                className="flex items-center gap-2 font-semibold text-amber-900"
              >
                <AlertTriangle aria-hidden="true" className="size-4" />
                Needs attention
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-amber-900">
                {data.alerts.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="supply-heading">
            <h2 id="supply-heading" className="mb-3 text-base font-semibold text-brand-900">
              Keys left
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              {MODELS.map((m) => {
                const k = data.keys[m]
                return (
                  <Stat
                    key={m}
                    label={`${MODEL_LABELS[m]} keys available`}
                    value={formatNumber(k.available)}
                    hint={supplyHint(k)}
                  />
                )
              })}
              {MODELS.map((m) => (
                <Stat
                  key={`w-${m}`}
                  label={`${MODEL_LABELS[m]} waitlist`}
                  value={formatNumber(data.waitlist[m])}
                  hint="Waiting for a key"
                />
              ))}
            </dl>
          </section>

          <div className="grid gap-6 lg:grid-cols-2">
            <Panel>
              <DailyBarChart title="Keys claimed per day" days={data.claimsPerDay} />
            </Panel>
            <Panel>
              <DailyBarChart title="Trial requests per day" days={data.requestsPerDay} />
            </Panel>
          </div>

          <div className="grid gap-6 lg:grid-cols-3">
            <Panel title="Mail health">
              <dl className="grid grid-cols-3 gap-3 text-center">
                {(['pending', 'failed', 'dead'] as const).map((s) => (
                  <div key={s} className="rounded-lg bg-ink-50 p-3">
                    <dt className="text-xs text-ink-600 capitalize">{s}</dt>
                    <dd
                      className={`text-xl font-semibold tabular-nums ${s === 'dead' && data.mail.dead ? 'text-red-700' : 'text-brand-900'}`}
                    >
                      {formatNumber(data.mail[s])}
                    </dd>
                  </div>
                ))}
              </dl>
              <p className="mt-3 text-xs text-ink-600">
                {formatNumber(data.mail.sent)} delivered in all.
              </p>
            </Panel>
            <Panel title="Claim breaker">
              <p className="text-sm text-ink-700">
                {data.breaker ? data.breaker.state : data.breakerNote}
              </p>
            </Panel>
            <Panel title="Last operator actions">
              {data.recentActions.length === 0 ? (
                <p className="text-sm text-ink-600">Nothing yet.</p>
              ) : (
                <ol className="space-y-2 text-sm">
                  {data.recentActions.map((a, i) => (
                    <li key={i}>
                      <span className="font-medium text-ink-800">
                        {describeAction(a.action, a.detail)}
                      </span>
                      <span className="block text-xs text-ink-600">
                        {a.actor} · {formatDateTime(a.at)}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </Panel>
          </div>

          <Panel title="Revenue by model and month">
            {data.revenue.length === 0 ? (
              <p className="text-sm text-ink-600">No paid orders in the last 12 months.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full min-w-[28rem] text-left text-sm">
                  <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-600 uppercase">
                    <tr>
                      <th scope="col" className="py-2 pr-4 font-semibold">
                        Month (UTC)
                      </th>
                      <th scope="col" className="py-2 pr-4 font-semibold">
                        Model
                      </th>
                      <th scope="col" className="py-2 pr-4 font-semibold">
                        Orders
                      </th>
                      <th scope="col" className="py-2 font-semibold">
                        Revenue
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.revenue.map((r) => (
                      <tr
                        key={`${r.month}-${r.model}-${r.currency}`}
                        className="border-b border-ink-100 last:border-0"
                      >
                        <td className="py-2 pr-4 tabular-nums">{r.month}</td>
                        <td className="py-2 pr-4">{MODEL_LABELS[r.model]}</td>
                        <td className="py-2 pr-4 tabular-nums">{formatNumber(r.orders)}</td>
                        <td className="py-2 tabular-nums">
                          {formatMoney(r.amountMinor, r.currency)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <p className="mt-3 text-xs text-ink-600">
              Paid orders, refunds excluded, as received from the providers (before their fees).
            </p>
          </Panel>
        </div>
      ) : null}
    </div>
  )
}
