/**
 * Consent records (docs/product.md, "Privacy and third parties"): how many visitors allowed what,
 * per policy version.
 */
import type { ConsentSummary } from '#src/common/console-api.ts'
import { consoleApi } from '#src/common/paths.ts'
import { DataState, PageHeader, Stat } from '../components/page-header.tsx'
import { Table, Td } from '../components/table.tsx'
import { useApiData } from '../console-api.ts'
import { formatDateTime, formatNumber } from '../format.ts'

export function ConsentsPage() {
  const { data, loading, error } = useApiData<ConsentSummary>(consoleApi.consents)
  return (
    <div>
      <PageHeader
        title="Consent records"
        description="Each choice a visitor made in the consent banner is a record; a changed choice is a new one. Records are kept for 3 years."
      />
      <DataState loading={loading && !data} error={error} />
      {data ? (
        <div className="space-y-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Stat label="Records" value={formatNumber(data.records)} />
            <Stat label="Visitors" value={formatNumber(data.visitors)} />
          </dl>
          {data.byVersion.length === 0 ? (
            <p className="rounded-xl bg-white p-6 text-sm text-ink-600 shadow-sm ring-1 ring-ink-200">
              No consent choices recorded yet.
            </p>
          ) : (
            <Table
              caption="Records per policy version, with how many allowed each category"
              captionHidden={false}
              head={[
                'Policy version',
                'Records',
                'Visitors',
                'Functional',
                'Media',
                'Marketing',
                'Last recorded',
              ]}
            >
              {data.byVersion.map((v) => (
                <tr key={v.policyVersion}>
                  <Td className="font-medium text-ink-900">{v.policyVersion}</Td>
                  <Td className="tabular-nums">{formatNumber(v.records)}</Td>
                  <Td className="tabular-nums">{formatNumber(v.visitors)}</Td>
                  <Td className="tabular-nums">{formatNumber(v.functional)}</Td>
                  <Td className="tabular-nums">{formatNumber(v.media)}</Td>
                  <Td className="tabular-nums">{formatNumber(v.marketing)}</Td>
                  <Td className="whitespace-nowrap text-ink-600">
                    {formatDateTime(v.lastRecordedAt)}
                  </Td>
                </tr>
              ))}
            </Table>
          )}
        </div>
      ) : null}
    </div>
  )
}
