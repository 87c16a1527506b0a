/** The lab's action row: downloads, copy link, and "Continue in Excel" into the trial form. */
import { ArrowRight, Download, Link2, Printer, Sheet } from 'lucide-react'
import { useState } from 'react'
import { anchors, routes } from '#src/common/paths.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { PACING_COPY } from '../../content/pacing.ts'

/** The landing page's trial form with the Advanced model chosen (lib/model-selection.ts). */
const CONTINUE_IN_EXCEL_HREF = `${routes.home}#${anchors.trialFormFor('advanced')}`

interface Props {
  onCsv: () => void
  /** Absent: no workbook download in this mode. */
  onXlsx?: () => Promise<void>
}

export function LabActions({ onCsv, onXlsx }: Props) {
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  const copy = PACING_COPY.actions

  async function xlsx() {
    if (!onXlsx || busy) return
    setBusy(true)
    setStatus(copy.xlsxLoading)
    try {
      await onXlsx()
      setStatus('')
    } catch {
      setStatus(copy.xlsxFailed)
    } finally {
      setBusy(false)
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href)
      setStatus(copy.copied)
    } catch {
      setStatus(copy.copyFailed)
    }
  }

  return (
    <div className="rounded-xl bg-ink-50 p-4 ring-1 ring-ink-100 sm:p-5" data-print-hide="">
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onCsv} className={buttonClasses('secondary', 'sm')}>
          <Download aria-hidden="true" className="size-4" />
          {copy.csv}
        </button>
        {onXlsx ? (
          <button
            type="button"
            onClick={() => void xlsx()}
            aria-busy={busy || undefined}
            className={buttonClasses('secondary', 'sm')}
          >
            <Sheet aria-hidden="true" className="size-4" />
            {copy.xlsx}
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => void copyLink()}
          className={buttonClasses('secondary', 'sm')}
        >
          <Link2 aria-hidden="true" className="size-4" />
          {copy.copyLink}
        </button>
        <button
          type="button"
          onClick={() => window.print()}
          className={buttonClasses('secondary', 'sm')}
        >
          <Printer aria-hidden="true" className="size-4" />
          {copy.print}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-ink-700">
        {status}
      </p>
      <div className="mt-3 flex flex-col gap-3 border-t border-ink-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-700 sm:max-w-md">{copy.continueNote}</p>
        <a href={CONTINUE_IN_EXCEL_HREF} className={buttonClasses('accent', 'md', 'shrink-0')}>
          {copy.continueInExcel}
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </div>
    </div>
  )
}
