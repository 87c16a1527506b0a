/** Purchase requests (DESIGN.md §15): an empty state until the invoice-request form stores them. */
import { Inbox } from 'lucide-react'
import type { PurchaseRequestsSummary } from '#src/common/admin-api.ts'
import { adminApi } from '#src/common/paths.ts'
import { DataState, PageHeader } from '../components/page-header.tsx'
import { useApiData } from '../console-api.ts'

export function PurchaseRequestsPage() {
  const { data, loading, error } = useApiData<PurchaseRequestsSummary>(adminApi.purchaseRequests)
  return (
    <div>
      <PageHeader
        title="Purchase requests"
        description="Invoice requests sent from the Buy buttons when no checkout link is set."
      />
      <DataState loading={loading && !data} error={error} />
      {data && (!data.available || data.items.length === 0) ? (
        <div className="flex flex-col items-center rounded-xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-ink-200">
          <Inbox aria-hidden="true" className="size-10 text-ink-400" />
          <h2 className="mt-4 font-semibold text-brand-900">No purchase requests</h2>
          <p className="mt-2 max-w-md text-sm text-ink-600">
            {data.available ? 'None has arrived yet.' : data.note}
          </p>
        </div>
      ) : null}
    </div>
  )
}
