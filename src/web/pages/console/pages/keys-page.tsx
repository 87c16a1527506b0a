/**
 * Keys: import a file into the trial or the paid pool (the CLI's `licenses import [--pool]`:
 * same duplicate handling, same counts, same words), revoke a key, and see assigned against
 * available per pool, model and batch. Trial keys go to trial requests, paid keys to orders
 * (docs/product.md, "Paid orders").
 */
import { Ban, Upload } from 'lucide-react'
import { useRef, useState, type FormEvent } from 'react'
import type { ActionResult, KeysSummary } from '#src/common/console-api.ts'
import { MODEL_LABELS, MODELS } from '#src/common/models.ts'
import { consoleApi } from '#src/common/paths.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { DataState, PageHeader, Panel } from '../components/page-header.tsx'
import { Table, Td } from '../components/table.tsx'
import { apiPost, errorMessage, useApiData } from '../console-api.ts'
import { formatDateTime, formatNumber } from '../format.ts'

const POOLS = ['trial', 'paid'] as const
const POOL_CAPTIONS = {
  trial: 'Trial keys (for trial requests)',
  paid: 'Paid keys (for orders)',
} as const
const POOL_CHOICES = [
  { pool: 'trial', label: 'Trial', hint: 'for trial requests' },
  { pool: 'paid', label: 'Paid', hint: 'for orders; waiting orders get theirs at once' },
] as const

export function KeysPage() {
  const { data, loading, error, reload } = useApiData<KeysSummary>(consoleApi.keys)
  return (
    <div>
      <PageHeader
        title="Keys"
        description="Activation keys per pool, model and import batch: trial keys go to trial requests, paid keys to orders."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <ImportForm onDone={reload} />
        <RevokeForm onDone={reload} />
      </div>
      <div className="mt-6 space-y-6">
        <DataState loading={loading && !data} error={error} />
        {data ? (
          <>
            {POOLS.map((pool) => (
              <Table
                key={pool}
                caption={POOL_CAPTIONS[pool]}
                captionHidden={false}
                head={['Model', 'Available', 'Assigned', 'Revoked', 'Total']}
              >
                {MODELS.map((m) => {
                  const counts = pool === 'paid' ? data.paid[m] : data.models[m]
                  return (
                    <tr key={m}>
                      <Td className="font-medium text-ink-900">{MODEL_LABELS[m]}</Td>
                      <Td className="tabular-nums">{formatNumber(counts.available)}</Td>
                      <Td className="tabular-nums">{formatNumber(counts.assigned)}</Td>
                      <Td className="tabular-nums">{formatNumber(counts.revoked)}</Td>
                      <Td className="tabular-nums">{formatNumber(counts.total)}</Td>
                    </tr>
                  )
                })}
              </Table>
            ))}
            <Table
              caption="Import batches, newest first"
              captionHidden={false}
              head={['Batch', 'Model', 'Imported', 'Available', 'Assigned', 'Revoked']}
            >
              {data.batches.map((b) => (
                <tr key={`${b.model}-${b.batch}`}>
                  <Td className="max-w-xs font-mono text-xs break-all">
                    {b.batch}
                    {b.pool === 'paid' ? (
                      <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 font-sans text-brand-900">
                        paid
                      </span>
                    ) : null}
                    {b.demo ? (
                      <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 font-sans text-amber-900">
                        demo
                      </span>
                    ) : null}
                  </Td>
                  <Td>{MODEL_LABELS[b.model]}</Td>
                  <Td className="whitespace-nowrap text-ink-600">{formatDateTime(b.importedAt)}</Td>
                  <Td className="tabular-nums">{formatNumber(b.available)}</Td>
                  <Td className="tabular-nums">{formatNumber(b.assigned)}</Td>
                  <Td className="tabular-nums">{formatNumber(b.revoked)}</Td>
                </tr>
              ))}
            </Table>
          </>
        ) : null}
      </div>
    </div>
  )
}

function ImportForm({ onDone }: { onDone: () => void }) {
  const form = useRef<HTMLFormElement>(null)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setResult(null)
    try {
      const r = await apiPost<ActionResult>(
        consoleApi.keysImport,
        new FormData(event.currentTarget),
      )
      setResult({ ok: true, text: r.message })
      form.current?.reset()
      onDone()
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Panel title="Import a key file">
      <form ref={form} onSubmit={(e) => void submit(e)} className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-ink-800">Model</legend>
          <div className="mt-1 flex gap-4">
            {MODELS.map((m, i) => (
              <label key={m} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="model"
                  value={m}
                  defaultChecked={i === 0}
                  className="size-4 accent-brand-800"
                />
                {MODEL_LABELS[m]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-ink-800">Pool</legend>
          <div className="mt-1 flex flex-col">
            {POOL_CHOICES.map(({ pool, label, hint }) => (
              <label key={pool} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="pool"
                  value={pool}
                  defaultChecked={pool === 'trial'}
                  className="size-4 accent-brand-800"
                />
                <span>
                  {label} <span className="text-ink-600">({hint})</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="key-file" className="block text-sm font-medium text-ink-800">
            Key file (one key a line; # comments and blank lines skipped)
          </label>
          <input
            id="key-file"
            name="file"
            type="file"
            required
            accept=".txt,.csv,text/plain"
            className="mt-1 block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-ink-100 file:px-4 file:font-medium file:text-brand-900"
          />
        </div>
        <Button type="submit" disabled={busy}>
          <Upload aria-hidden="true" className="size-4" />
          {busy ? 'Importing…' : 'Import keys'}
        </Button>
        <div role="status" aria-live="polite">
          {result ? (
            <p
              className={`rounded-lg px-4 py-3 text-sm ${result.ok ? 'bg-accent-50 text-accent-700' : 'bg-red-50 text-red-800'}`}
            >
              {result.text}
            </p>
          ) : null}
        </div>
      </form>
    </Panel>
  )
}

function RevokeForm({ onDone }: { onDone: () => void }) {
  const [key, setKey] = useState('')
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const revoke = async () => {
    setBusy(true)
    try {
      const r = await apiPost<ActionResult>(consoleApi.keysRevoke, { key: key.trim() })
      setResult({ ok: true, text: r.message })
      setKey('')
      onDone()
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error) })
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }
  return (
    <Panel title="Revoke a key">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          setResult(null)
          if (key.trim()) setConfirming(true)
        }}
        className="space-y-4"
      >
        <p className="text-sm text-ink-600">
          A revoked key is never handed out again; one already handed out keeps its owner in the
          history.
        </p>
        <div>
          <label htmlFor="revoke-key" className="block text-sm font-medium text-ink-800">
            Activation key
          </label>
          <input
            id="revoke-key"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            required
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            className="mt-1 block min-h-11 w-full rounded-lg border border-ink-300 px-3 font-mono text-sm"
          />
        </div>
        <Button type="submit" variant="secondary">
          <Ban aria-hidden="true" className="size-4" />
          Revoke…
        </Button>
        <div role="status" aria-live="polite">
          {result ? (
            <p
              className={`rounded-lg px-4 py-3 text-sm ${result.ok ? 'bg-accent-50 text-accent-700' : 'bg-red-50 text-red-800'}`}
            >
              {result.text}
            </p>
          ) : null}
        </div>
      </form>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke this key?"
        className="max-w-lg"
      >
        <p className="text-sm text-ink-700">
          <span className="font-mono break-all">{key}</span> will not be handed out again. This
          cannot be undone from the console.
        </p>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep the key
          </Button>
          <Button
            className="bg-red-700 hover:bg-red-800"
            onClick={() => void revoke()}
            disabled={busy}
          >
            {busy ? 'Revoking…' : 'Revoke'}
          </Button>
        </div>
      </Dialog>
    </Panel>
  )
}
