/**
 * Purchase requests (docs/product.md, "Buying"): invoice requests sent from Buy when no checkout
 * link is set.
 */
import { Inbox } from 'lucide-react'
import type { PurchaseRequestsSummary } from '#src/common/console-api.ts'
import { MODEL_LABELS } from '#src/common/models.ts'
import { consoleApi, consoleRoutes } from '#src/common/paths.ts'
import { DataState, PageHeader } from '../components/page-header.tsx'
import { useApiData } from '../console-api.ts'
import { followLink } from '../console-router.ts'

export function PurchaseRequestsPage() {
  const { data, loading, error } = useApiData<PurchaseRequestsSummary>(consoleApi.purchaseRequests)
  return (
    <div>
      <PageHeader
        title="Purchase requests"
        description="Invoice requests sent from the Buy buttons when no checkout link is set. Reply to the operator e-mail of each to send the invoice."
      />
      <DataState loading={loading && !data} error={error} />
      {data && data.items.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-ink-200">
          <Inbox aria-hidden="true" className="size-10 text-ink-400" />
          <h2 className="mt-4 font-semibold text-brand-900">No purchase requests</h2>
          <p className="mt-2 max-w-md text-sm text-ink-600">None has arrived yet.</p>
        </div>
      ) : null}
      {data && data.items.length > 0 ? (
        <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-ink-200">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="px-4 py-3 text-left text-sm text-ink-600">
              {data.lastThirtyDays} in the last 30 days; the newest {data.items.length} below.
            </caption>
            <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Received (UTC)
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Model
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Company
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  E-mail
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  <span className="sr-only">Paid</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.id} className="border-b border-ink-100 last:border-0">
                  <td className="px-4 py-2 whitespace-nowrap tabular-nums">
                    {item.createdAt.slice(0, 16).replace('T', ' ')}
                  </td>
                  <td className="px-4 py-2">{MODEL_LABELS[item.model]}</td>
                  <td className="px-4 py-2">{item.company}</td>
                  <td className="px-4 py-2">{item.name}</td>
                  <td className="px-4 py-2">{item.email}</td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    <a
                      className="text-brand-700 underline"
                      href={`${consoleRoutes.orders}?name=${encodeURIComponent(item.name)}&model=${item.model}`}
                      onClick={followLink}
                    >
                      Record paid invoice
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  )
}
