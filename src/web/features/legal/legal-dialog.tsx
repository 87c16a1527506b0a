/**
 * The legal dialog with its three tabs (docs/product.md, "Routes and screens"): Terms & Conditions,
 * Privacy Policy, Cookie Policy, as Radix Tabs. The legal routes and the footer open it on a
 * tab; closing it is handled by the host (the legal routes then return to /).
 */
import { Tabs } from 'radix-ui'
import { useEffect, useState } from 'react'
import { LEGAL_TABS, type LegalTab } from '#src/common/paths.ts'
import { Dialog } from '../../components/ui/dialog.tsx'
import { LEGAL_UPDATED_TEXT } from '#src/common/site/legal.ts'
import { legalHtml } from './legal-documents.ts'
import { LEGAL_TITLES } from '../../content/legal-titles.ts'

interface Props {
  open: boolean
  tab: LegalTab
  onClose: () => void
}

const PROSE = [
  'max-w-none text-[0.9375rem] leading-relaxed text-ink-700',
  '[&_h2]:mt-8 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-brand-900',
  '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5',
  '[&_strong]:font-semibold [&_strong]:text-ink-900',
  '[&_a]:font-medium [&_a]:text-accent-700 [&_a]:underline [&_a]:underline-offset-2',
  '[&_em]:text-sm [&_em]:text-ink-500 [&_em]:not-italic',
  '[&_code]:rounded [&_code]:bg-ink-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.8125rem]',
  // On a phone each row reflows into a block whose cells name their column: a scrolled table
  // hid "Kept for" past the dialog's edge with no sign of it.
  '[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm',
  'max-sm:[&_table]:block max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:border-b max-sm:[&_tr]:border-ink-100 max-sm:[&_tr]:py-2 max-sm:[&_thead]:sr-only',
  'max-sm:[&_td]:block max-sm:[&_td]:border-0 max-sm:[&_td]:px-0 max-sm:[&_td]:py-1 max-sm:[&_td]:[overflow-wrap:anywhere]',
  'max-sm:[&_td]:before:block max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:font-semibold max-sm:[&_td]:before:text-ink-600 max-sm:[&_td]:before:content-[attr(data-label)]',
  '[&_th]:border-b [&_th]:border-ink-200 [&_th]:bg-ink-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_th]:text-brand-900',
  '[&_td]:border-b [&_td]:border-ink-100 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top',
].join(' ')

export default function LegalDialog({ open, tab, onClose }: Props) {
  const [current, setCurrent] = useState<LegalTab>(tab)
  // Each opening starts on the tab it was opened with.
  useEffect(() => {
    if (open) setCurrent(tab)
  }, [open, tab])

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={LEGAL_TITLES[current]}
      description={`Last updated ${LEGAL_UPDATED_TEXT}`}
      showDescription
      className="sm:p-10"
    >
      <Tabs.Root value={current} onValueChange={(value) => setCurrent(value as LegalTab)}>
        <Tabs.List
          aria-label="Legal documents"
          // Three equal columns on a phone, the words wrapping, so no tab is cut off.
          className="sticky -top-5 z-10 -mx-5 grid grid-cols-3 border-b border-ink-200 bg-white px-3 sm:-top-10 sm:-mx-10 sm:flex sm:gap-1 sm:px-10"
        >
          {LEGAL_TABS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px min-h-11 border-b-2 border-transparent px-1.5 py-1.5 text-[0.8125rem] leading-tight font-semibold text-ink-600 sm:shrink-0 sm:px-3 sm:text-sm sm:whitespace-nowrap hover:text-brand-900 data-[state=active]:border-accent-600 data-[state=active]:text-brand-900"
            >
              {LEGAL_TITLES[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {LEGAL_TABS.map((value) => (
          <Tabs.Content key={value} value={value} className="pt-6 focus-visible:outline-none">
            <div className={PROSE} dangerouslySetInnerHTML={{ __html: legalHtml(value) }} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Dialog>
  )
}
