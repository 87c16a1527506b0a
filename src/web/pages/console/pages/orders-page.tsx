/**
 * Paid orders (docs/product.md "Paid orders"): the list with a status filter, resend and
 * reprocess per order, and recording an invoice paid by transfer (`orders add`), prefilled from
 * a purchase request's link (?name=&model=).
 */
import { Receipt, RefreshCw, Send } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import {
  ORDER_STATUSES,
  type ActionResult,
  type OrderItem,
  type OrderStatusName,
  type OrdersSummary,
} from '#src/common/console-api.ts'
import { MODEL_LABELS, MODELS } from '#src/common/models.ts'
import { consoleApi, consoleRoutes } from '#src/common/paths.ts'
import { Button } from '../../../components/ui/button.tsx'
import { DataState, PageHeader, Panel } from '../components/page-header.tsx'
import { apiPost, errorMessage, useApiData } from '../console-api.ts'
import { navigate, useLocation } from '../console-router.ts'
import { formatDateTime, formatMoney, formatNumber } from '../format.ts'

const field = 'mt-1 block min-h-11 w-full rounded-lg border border-ink-300 bg-white px-3 text-sm'
const label = 'block text-sm font-medium text-ink-800'

const STATUS_LABELS: Record<OrderStatusName, string> = {
  fulfilled: 'Fulfilled',
  awaiting_key: 'Awaiting key',
  unmatched: 'Unmatched',
  needs_review: 'Needs review',
  refunded: 'Refunded',
}

function amount(item: OrderItem): string {
  return item.amountMinor === null ? '' : formatMoney(item.amountMinor, item.currency)
}

type Result = { ok: boolean; text: string } | null

export function OrdersPage() {
  const location = useLocation()
  const status = location.searchParams.get('status') ?? ''
  const { data, loading, error, reload } = useApiData<OrdersSummary>(
    status ? `${consoleApi.orders}?status=${encodeURIComponent(status)}` : consoleApi.orders,
  )
  const [busy, setBusy] = useState<string | null>(null)
  const [result, setResult] = useState<Result>(null)

  const act = async (path: string, body: unknown, key: string) => {
    setBusy(key)
    try {
      const r = await apiPost<ActionResult>(path, body)
      setResult({ ok: true, text: r.message })
      reload()
    } catch (e) {
      setResult({ ok: false, text: errorMessage(e) })
    } finally {
      setBusy(null)
    }
  }

  const record = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    await act(
      consoleApi.ordersAdd,
      {
        email: text('email'),
        buyerName: text('name'),
        model: text('model'),
        quantity: Number(text('quantity') || '1'),
        reference: text('reference'),
      },
      'add',
    )
  }

  return (
    <div>
      <PageHeader
        title="Orders"
        description="Paid orders from the checkouts and invoices paid by transfer, with their keys. Resend e-mails the same keys again; reprocess tries an unmatched order (after fixing PAID_PRODUCTS) or one waiting for a key."
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
      <form className="mb-4 flex flex-wrap items-end gap-4" aria-label="Filter orders">
        <div>
          <label htmlFor="orders-status" className={label}>
            Status
          </label>
          <select
            id="orders-status"
            value={status}
            className={field}
            onChange={(e) =>
              navigate(
                e.target.value
                  ? `${consoleRoutes.orders}?status=${e.target.value}`
                  : consoleRoutes.orders,
              )
            }
          >
            <option value="">All ({data ? formatNumber(sum(data.counts)) : '…'})</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]} ({data ? formatNumber(data.counts[s]) : '…'})
              </option>
            ))}
          </select>
        </div>
      </form>
      <DataState loading={loading && !data} error={error} />
      {data && data.items.length === 0 ? (
        <p className="rounded-xl bg-white px-6 py-8 text-center text-sm text-ink-600 shadow-sm ring-1 ring-ink-200">
          No orders{status ? ` with this status` : ' yet'}.
        </p>
      ) : null}
      {data && data.items.length > 0 ? (
        <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-ink-200">
          <table className="w-full min-w-[52rem] text-left text-sm">
            <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-600 uppercase">
              <tr>
                {[
                  'Paid (UTC)',
                  'Reference',
                  'Status',
                  'Model',
                  'Keys',
                  'Amount',
                  'Buyer',
                  'Actions',
                ].map((h) => (
                  <th key={h} scope="col" className="px-4 py-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.id} className="border-b border-ink-100 last:border-0">
                  <td className="px-4 py-2 whitespace-nowrap tabular-nums">
                    {formatDateTime(item.createdAt)}
                  </td>
                  <td className="px-4 py-2">
                    <span className="font-mono text-xs break-all">{item.reference}</span>
                    <span className="block text-xs text-ink-600">{item.provider}</span>
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">{STATUS_LABELS[item.status]}</td>
                  <td className="px-4 py-2">{item.model ? MODEL_LABELS[item.model] : '—'}</td>
                  <td className="px-4 py-2 tabular-nums">
                    {item.keys} of {item.quantity}
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap tabular-nums">{amount(item)}</td>
                  <td className="px-4 py-2">
                    {item.name}
                    <span className="block text-xs text-ink-600">{item.email}</span>
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {item.status === 'fulfilled' ? (
                      <Button
                        variant="secondary"
                        onClick={() =>
                          void act(consoleApi.ordersResend, { order: item.id }, item.id)
                        }
                        disabled={busy !== null}
                        aria-label={`Resend the keys of order ${item.reference}`}
                      >
                        <Send aria-hidden="true" className="size-4" />
                        Resend
                      </Button>
                    ) : null}
                    {item.status === 'unmatched' || item.status === 'awaiting_key' ? (
                      <Button
                        variant="secondary"
                        onClick={() =>
                          void act(consoleApi.ordersReprocess, { order: item.id }, item.id)
                        }
                        disabled={busy !== null}
                        aria-label={`Reprocess order ${item.reference}`}
                      >
                        <RefreshCw aria-hidden="true" className="size-4" />
                        Reprocess
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="mt-6">
        <Panel title="Record a paid invoice">
          <p className="mb-4 text-sm text-ink-600">
            For an invoice paid by bank transfer (a purchase request): the order is recorded and its
            keys are e-mailed from the paid pool, as for a checkout.
          </p>
          <form
            className="grid gap-4 sm:grid-cols-2"
            onSubmit={(e) => void record(e)}
            aria-label="Record a paid invoice"
          >
            <div>
              <label htmlFor="order-name" className={label}>
                Buyer's name
              </label>
              <input
                id="order-name"
                name="name"
                required
                maxLength={200}
                defaultValue={location.searchParams.get('name') ?? ''}
                className={field}
              />
            </div>
            <div>
              <label htmlFor="order-email" className={label}>
                Buyer's e-mail
              </label>
              <input id="order-email" name="email" type="email" required className={field} />
            </div>
            <div>
              <label htmlFor="order-model" className={label}>
                Model
              </label>
              <select
                id="order-model"
                name="model"
                defaultValue={location.searchParams.get('model') ?? MODELS[0]}
                className={field}
              >
                {MODELS.map((m) => (
                  <option key={m} value={m}>
                    {MODEL_LABELS[m]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="order-quantity" className={label}>
                Keys
              </label>
              <input
                id="order-quantity"
                name="quantity"
                type="number"
                min={1}
                max={100}
                defaultValue={1}
                className={field}
              />
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="order-reference" className={label}>
                Invoice number
              </label>
              <input
                id="order-reference"
                name="reference"
                required
                maxLength={100}
                className={field}
              />
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={busy !== null}>
                <Receipt aria-hidden="true" className="size-4" />
                {busy === 'add' ? 'Recording…' : 'Record and send the keys'}
              </Button>
            </div>
          </form>
        </Panel>
      </div>
    </div>
  )
}

function sum(counts: Record<OrderStatusName, number>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0)
}
