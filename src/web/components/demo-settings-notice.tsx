/**
 * The slim strip at the top of every page while the company settings are still placeholders
 * (docs/product.md; src/common/site/demo-notice.ts). Nothing when they are set. A landmark of its
 * own, so a screen reader can find it, and no control to tab through.
 */
import { Info } from 'lucide-react'
import { DEMO_SETTINGS_NOTICE } from '#src/common/site/demo-notice.ts'
import { demoSettings } from '../settings.ts'

export function DemoSettingsNotice() {
  if (!demoSettings) return null
  return (
    <aside
      aria-label={DEMO_SETTINGS_NOTICE.label}
      data-demo-notice=""
      className="flex min-h-7 items-center justify-center gap-2 border-b border-brand-800 bg-brand-950 px-4 py-1 text-center text-xs leading-tight text-ink-200"
    >
      <Info aria-hidden="true" className="size-3.5 shrink-0 text-accent-300" />
      <p>
        <strong className="font-semibold text-white">{DEMO_SETTINGS_NOTICE.label}:</strong>{' '}
        {DEMO_SETTINGS_NOTICE.text}
      </p>
    </aside>
  )
}
