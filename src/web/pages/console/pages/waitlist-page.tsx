/** The waitlist per model, and `waitlist notify` once keys exist (the CLI's own command). */
import { Send } from 'lucide-react'
import { useState } from 'react'
import type { ActionResult, WaitlistSummary } from '#src/common/console-api.ts'
import { MODEL_LABELS, MODELS, type Model } from '#src/common/models.ts'
import { consoleApi } from '#src/common/paths.ts'
import { Button } from '../../../components/ui/button.tsx'
import { DataState, PageHeader, Panel } from '../components/page-header.tsx'
import { apiPost, errorMessage, useApiData } from '../console-api.ts'
import { formatDateTime, formatNumber, plural } from '../format.ts'

export function WaitlistPage() {
  const { data, loading, error, reload } = useApiData<WaitlistSummary>(consoleApi.waitlist)
  const [busy, setBusy] = useState<Model | null>(null)
  const [results, setResults] = useState<Partial<Record<Model, { ok: boolean; text: string }>>>({})
  const notifyModel = async (model: Model) => {
    setBusy(model)
    try {
      const r = await apiPost<ActionResult>(consoleApi.waitlistNotify, { model })
      setResults((s) => ({ ...s, [model]: { ok: true, text: r.message } }))
      reload()
    } catch (e) {
      setResults((s) => ({ ...s, [model]: { ok: false, text: errorMessage(e) } }))
    } finally {
      setBusy(null)
    }
  }
  return (
    <div>
      <PageHeader
        title="Waitlist"
        description="Visitors who asked to hear when keys are back. Notifying e-mails each of them once, oldest first, with a key while the pool lasts."
      />
      <DataState loading={loading && !data} error={error} />
      {data ? (
        <div className="grid gap-6 md:grid-cols-2">
          {MODELS.map((m) => {
            const w = data.models[m]
            const result = results[m]
            return (
              <Panel key={m} title={`${MODEL_LABELS[m]} model`}>
                <dl className="grid grid-cols-2 gap-4">
                  <div>
                    <dt className="text-sm text-ink-600">Waiting</dt>
                    <dd className="text-2xl font-semibold text-brand-900 tabular-nums">
                      {formatNumber(w.waiting)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm text-ink-600">Keys available</dt>
                    <dd className="text-2xl font-semibold text-brand-900 tabular-nums">
                      {formatNumber(w.available)}
                    </dd>
                  </div>
                </dl>
                <p className="mt-2 text-xs text-ink-600">
                  {w.oldestSince
                    ? `Oldest waiting since ${formatDateTime(w.oldestSince)}.`
                    : 'Nobody is waiting.'}
                </p>
                <Button
                  className="mt-4"
                  onClick={() => void notifyModel(m)}
                  disabled={w.waiting === 0 || busy !== null}
                >
                  <Send aria-hidden="true" className="size-4" />
                  {busy === m ? 'Notifying…' : `Notify ${plural(w.waiting, 'visitor')}`}
                </Button>
                {w.waiting > 0 && w.available < w.waiting ? (
                  <p className="mt-2 text-xs text-ink-600">
                    {w.available === 0
                      ? 'No keys left: they would be told the seats are gone. Import keys first.'
                      : `Only ${plural(w.available, 'key')} for ${plural(w.waiting, 'visitor')}: the rest are told the seats are gone.`}
                  </p>
                ) : null}
                <div role="status" aria-live="polite" className="mt-3">
                  {result ? (
                    <p
                      className={`rounded-lg px-4 py-3 text-sm ${result.ok ? 'bg-accent-50 text-accent-700' : 'bg-red-50 text-red-800'}`}
                    >
                      {result.text}
                    </p>
                  ) : null}
                </div>
              </Panel>
            )
          })}
        </div>
      ) : null}
    </div>
  )
}
