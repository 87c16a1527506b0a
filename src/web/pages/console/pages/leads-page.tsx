/**
 * Leads: searched, filtered and paged by the server (the list may hold 100,000 rows), the CSV
 * export the CLI writes, and a deletion request behind a confirmation step.
 */
import { Download, Search, Trash2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import {
  LEAD_PAGE_SIZES,
  leadsQueryString,
  parseLeadsQuery,
  type ActionResult,
  type LeadListItem,
  type LeadsPage as LeadsPageData,
  type LeadsQuery,
} from '#src/common/console-api.ts'
import { MODEL_LABELS, MODELS, isModel } from '#src/common/models.ts'
import { consoleApi, consoleRoutes } from '#src/common/paths.ts'
import { notify } from '../../../components/toaster.tsx'
import { Button, buttonClasses } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { DataState, PageHeader } from '../components/page-header.tsx'
import { Table, Td } from '../components/table.tsx'
import { apiPost, errorMessage, useApiData } from '../console-api.ts'
import { navigate, useLocation } from '../console-router.ts'
import { formatDateTime, formatNumber } from '../format.ts'

const field = 'mt-1 block min-h-11 w-full rounded-lg border border-ink-300 bg-white px-3 text-sm'
const label = 'block text-sm font-medium text-ink-800'

function yesNo(value: boolean | undefined): string {
  return value === undefined ? '' : value ? 'yes' : 'no'
}

export function LeadsPage() {
  const location = useLocation()
  const parsed = parseLeadsQuery(location.searchParams)
  const query: LeadsQuery = parsed.ok ? parsed.query : { page: 1, pageSize: 50 }
  const { data, loading, error, reload } = useApiData<LeadsPageData>(
    consoleApi.leads + leadsQueryString(query),
  )
  const [toDelete, setToDelete] = useState<LeadListItem | null>(null)

  const go = (next: Partial<LeadsQuery>) =>
    navigate(consoleRoutes.leads + leadsQueryString({ ...query, ...next }))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined
    const bool = (name: string) => (text(name) === undefined ? undefined : text(name) === 'yes')
    const model = text('model')
    navigate(
      consoleRoutes.leads +
        leadsQueryString({
          q: text('q'),
          model: isModel(model) ? model : undefined,
          from: text('from'),
          to: text('to'),
          hasKey: bool('hasKey'),
          waitlist: bool('waitlist'),
          pageSize: Number(text('pageSize') ?? 50),
          page: 1,
        }),
    )
  }

  const first = data ? (data.page - 1) * data.pageSize + 1 : 0
  const last = data ? Math.min(data.total, data.page * data.pageSize) : 0
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1

  return (
    <div>
      <PageHeader
        title="Leads"
        description="Every trial request, newest first. Search finds names, e-mail addresses and domains by their beginning."
        actions={
          <a href={consoleApi.leadsExport} download className={buttonClasses('secondary')}>
            <Download aria-hidden="true" className="size-4" />
            Export all as CSV
          </a>
        }
      />
      <form
        key={location.search}
        onSubmit={submit}
        role="search"
        aria-label="Filter leads"
        className="mb-6 grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-ink-200 sm:grid-cols-2 lg:grid-cols-4"
      >
        <div className="sm:col-span-2">
          <label htmlFor="leads-q" className={label}>
            Name or e-mail
          </label>
          <input
            id="leads-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            maxLength={100}
            className={field}
          />
        </div>
        <div>
          <label htmlFor="leads-model" className={label}>
            Model
          </label>
          <select id="leads-model" name="model" defaultValue={query.model ?? ''} className={field}>
            <option value="">All models</option>
            {MODELS.map((m) => (
              <option key={m} value={m}>
                {MODEL_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="leads-size" className={label}>
            Rows per page
          </label>
          <select
            id="leads-size"
            name="pageSize"
            defaultValue={String(query.pageSize)}
            className={field}
          >
            {LEAD_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="leads-from" className={label}>
            From (UTC)
          </label>
          <input
            id="leads-from"
            name="from"
            type="date"
            defaultValue={query.from ?? ''}
            className={field}
          />
        </div>
        <div>
          <label htmlFor="leads-to" className={label}>
            To (UTC)
          </label>
          <input
            id="leads-to"
            name="to"
            type="date"
            defaultValue={query.to ?? ''}
            className={field}
          />
        </div>
        <div>
          <label htmlFor="leads-key" className={label}>
            Has a key
          </label>
          <select id="leads-key" name="hasKey" defaultValue={yesNo(query.hasKey)} className={field}>
            <option value="">Either</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>
        </div>
        <div>
          <label htmlFor="leads-waitlist" className={label}>
            On the waitlist
          </label>
          <select
            id="leads-waitlist"
            name="waitlist"
            defaultValue={yesNo(query.waitlist)}
            className={field}
          >
            <option value="">Either</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>
        </div>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit">
            <Search aria-hidden="true" className="size-4" />
            Apply filters
          </Button>
          <a
            href={consoleRoutes.leads}
            onClick={(e) => {
              e.preventDefault()
              navigate(consoleRoutes.leads)
            }}
            className={buttonClasses('ghost')}
          >
            Clear
          </a>
        </div>
      </form>

      {!parsed.ok ? (
        <p role="alert" className="mb-4 text-sm text-red-800">
          Some filters in the address were not understood and were left out:{' '}
          {parsed.details.join('; ')}.
        </p>
      ) : null}
      <DataState loading={loading && !data} error={error} />
      {data ? (
        <>
          <p role="status" className="mb-3 text-sm text-ink-700">
            {data.total === 0
              ? 'No leads match.'
              : `Showing ${formatNumber(first)}–${formatNumber(last)} of ${data.totalCapped ? 'more than ' : ''}${formatNumber(data.total)} leads.`}
            {data.totalCapped ? ' Narrow the filters to reach older ones, or export them all.' : ''}
          </p>
          {data.items.length ? (
            <Table
              caption="Leads"
              head={[
                'Requested',
                'Name',
                'E-mail',
                'Model',
                'Key',
                'Waitlist',
                <span key="a" className="sr-only">
                  Actions
                </span>,
              ]}
            >
              {data.items.map((lead) => (
                <tr key={lead.id}>
                  <Td className="whitespace-nowrap text-ink-600">
                    {formatDateTime(lead.createdAt)}
                  </Td>
                  <Td className="font-medium text-ink-900">
                    {lead.firstName} {lead.lastName}
                  </Td>
                  <Td>{lead.email}</Td>
                  <Td>{MODEL_LABELS[lead.model]}</Td>
                  <Td className="font-mono text-xs">{lead.activationKey ?? '—'}</Td>
                  <Td>
                    {lead.waitlist ? (lead.waitlistNotifiedAt ? 'Notified' : 'Waiting') : '—'}
                  </Td>
                  <Td>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setToDelete(lead)}
                      aria-label={`Delete data of ${lead.email}`}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Delete
                    </Button>
                  </Td>
                </tr>
              ))}
            </Table>
          ) : null}
          <nav aria-label="Pages of leads" className="mt-4 flex items-center justify-between gap-4">
            <Button
              variant="secondary"
              disabled={data.page <= 1}
              onClick={() => go({ page: data.page - 1 })}
            >
              Previous
            </Button>
            <span className="text-sm text-ink-600">
              Page {formatNumber(data.page)} of {formatNumber(pages)}
            </span>
            <Button
              variant="secondary"
              disabled={data.page >= pages}
              onClick={() => go({ page: data.page + 1 })}
            >
              Next
            </Button>
          </nav>
        </>
      ) : null}
      <DeleteLeadDialog lead={toDelete} onClose={() => setToDelete(null)} onDeleted={reload} />
    </div>
  )
}

function DeleteLeadDialog({
  lead,
  onClose,
  onDeleted,
}: {
  lead: LeadListItem | null
  onClose: () => void
  onDeleted: () => void
}) {
  const [busy, setBusy] = useState(false)
  const remove = async () => {
    if (!lead) return
    setBusy(true)
    try {
      const result = await apiPost<ActionResult>(consoleApi.leadsDelete, {
        email: lead.email,
        confirm: true,
      })
      notify('success', 'Deleted', { description: result.message })
      onClose()
      onDeleted()
    } catch (error) {
      notify('error', 'Deletion failed', { description: errorMessage(error) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open={lead !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete this person’s data?"
      description="A deletion request under the privacy policy."
      className="max-w-lg"
    >
      {lead ? (
        <div className="space-y-4 text-sm text-ink-700">
          <p>
            Every trial request and e-mail of <strong className="text-ink-900">{lead.email}</strong>{' '}
            is deleted for good. Keys they held stay in the pool’s history without a name. This is
            what <code className="rounded bg-ink-100 px-1">leads delete --email … --yes</code> does.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Keep
            </Button>
            <Button
              className="bg-red-700 hover:bg-red-800"
              onClick={() => void remove()}
              disabled={busy}
            >
              {busy ? 'Deleting…' : 'Delete for good'}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  )
}
