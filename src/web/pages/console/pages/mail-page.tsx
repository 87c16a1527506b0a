/** The outbox: counts per status, what is not delivered yet with its last error, and retry. */
import { RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { MAIL_STATUSES, type ActionResult, type MailSummary } from '#src/common/console-api.ts'
import { consoleApi } from '#src/common/paths.ts'
import { Button } from '../../../components/ui/button.tsx'
import { DataState, PageHeader } from '../components/page-header.tsx'
import { Table, Td } from '../components/table.tsx'
import { apiPost, errorMessage, useApiData } from '../console-api.ts'
import { formatDateTime, formatNumber } from '../format.ts'

const STATUS_STYLE: Record<string, string> = {
  dead: 'bg-red-100 text-red-800',
  failed: 'bg-amber-100 text-amber-900',
  pending: 'bg-ink-100 text-ink-700',
  sending: 'bg-brand-100 text-brand-800',
}

export function MailPage() {
  const { data, loading, error, reload } = useApiData<MailSummary>(consoleApi.mail)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const retry = async () => {
    setBusy(true)
    try {
      const r = await apiPost<ActionResult>(consoleApi.mailRetry)
      setResult({ ok: true, text: r.message })
      reload()
    } catch (e) {
      setResult({ ok: false, text: errorMessage(e) })
    } finally {
      setBusy(false)
    }
  }
  const retryable = data ? data.counts.failed + data.counts.dead : 0
  return (
    <div>
      <PageHeader
        title="Mail"
        description="The outbox. Failed messages are retried by themselves with growing delays; after 8 attempts a message is dead until you retry it."
        actions={
          <>
            <Button variant="secondary" onClick={reload}>
              Refresh
            </Button>
            <Button onClick={() => void retry()} disabled={busy || retryable === 0}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {busy ? 'Retrying…' : `Retry failed and dead (${formatNumber(retryable)})`}
            </Button>
          </>
        }
      />
      <div role="status" aria-live="polite" className="mb-4">
        {result ? (
          <p
            className={`rounded-lg px-4 py-3 text-sm ${result.ok ? 'bg-accent-50 text-accent-700' : 'bg-red-50 text-red-800'}`}
          >
            {result.text}
          </p>
        ) : null}
      </div>
      <DataState loading={loading && !data} error={error} />
      {data ? (
        <div className="space-y-6">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {MAIL_STATUSES.map((s) => (
              <div key={s} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-ink-200">
                <dt className="text-sm text-ink-600 capitalize">{s}</dt>
                <dd className="text-2xl font-semibold text-brand-900 tabular-nums">
                  {formatNumber(data.counts[s])}
                </dd>
              </div>
            ))}
          </dl>
          {data.undelivered.length === 0 ? (
            <p className="rounded-xl bg-white p-6 text-sm text-ink-600 shadow-sm ring-1 ring-ink-200">
              Every message was delivered.
            </p>
          ) : (
            <Table
              caption="Messages not delivered yet, newest first"
              captionHidden={false}
              head={['Status', 'Kind', 'To', 'Attempts', 'Next attempt', 'Last error', 'Queued']}
            >
              {data.undelivered.map((m) => (
                <tr key={m.id}>
                  <Td>
                    <span
                      className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[m.status] ?? ''}`}
                    >
                      {m.status}
                    </span>
                  </Td>
                  <Td>{m.kind}</Td>
                  <Td>{m.to}</Td>
                  <Td className="tabular-nums">{m.attempts}</Td>
                  <Td className="whitespace-nowrap text-ink-600">
                    {m.nextAttemptAt ? formatDateTime(m.nextAttemptAt) : '—'}
                  </Td>
                  <Td className="max-w-sm font-mono text-xs break-words text-ink-700">
                    {m.lastError ?? '—'}
                  </Td>
                  <Td className="whitespace-nowrap text-ink-600">{formatDateTime(m.createdAt)}</Td>
                </tr>
              ))}
            </Table>
          )}
          <section aria-labelledby="suppressed-heading" className="space-y-2">
            <h2 id="suppressed-heading" className="text-lg font-semibold text-brand-900">
              Suppressed addresses ({formatNumber(data.suppressedTotal)})
            </h2>
            <p className="text-sm text-ink-600">
              The receiving server refused these for good (a 5xx answer). Reminders and waitlist
              notices skip them; `leads delete` removes an address from the list.
            </p>
            {data.suppressed.length === 0 ? (
              <p className="rounded-xl bg-white p-6 text-sm text-ink-600 shadow-sm ring-1 ring-ink-200">
                No address is suppressed.
              </p>
            ) : (
              <Table
                caption="Suppressed addresses, newest first"
                head={['Address', 'Refusal', 'Since']}
              >
                {data.suppressed.map((r) => (
                  <tr key={`${r.email}-${r.suppressedAt}`}>
                    <Td>{r.email}</Td>
                    <Td className="max-w-sm font-mono text-xs break-words text-ink-700">
                      {r.reason}
                    </Td>
                    <Td className="whitespace-nowrap text-ink-600">
                      {formatDateTime(r.suppressedAt)}
                    </Td>
                  </tr>
                ))}
              </Table>
            )}
          </section>
        </div>
      ) : null}
    </div>
  )
}
