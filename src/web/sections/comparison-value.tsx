/**
 * One comparison cell: an icon plus words a screen reader reads (docs/product.md,
 * "Routes and screens" value kinds).
 */
import {
  CalendarClock,
  Check,
  CircleDashed,
  Clock3,
  Minus,
  PhoneCall,
  ScrollText,
} from 'lucide-react'
import { COMPARISON_VALUE_LABELS, type ComparisonValue } from '../content/pricing.ts'

const ICONS = {
  yes: Check,
  no: Minus,
  partly: CircleDashed,
  'coming-soon': Clock3,
  'calls-only': PhoneCall,
  quarterly: CalendarClock,
  ledger: ScrollText,
} as const

const TONES = {
  yes: 'text-accent-600',
  no: 'text-ink-400',
  partly: 'text-amber-600',
  'coming-soon': 'text-brand-500',
  'calls-only': 'text-brand-500',
  quarterly: 'text-brand-500',
  ledger: 'text-accent-600',
} as const

export function ComparisonValueCell({ value }: { value: ComparisonValue }) {
  if (typeof value === 'object') return <span className="text-ink-800">{value.text}</span>
  const Icon = ICONS[value]
  const label = COMPARISON_VALUE_LABELS[value]
  // Yes and no are clear from the icon alone for sighted readers; the rest show their words.
  const visible = value !== 'yes' && value !== 'no'
  return (
    // Icon above its words on a phone, so a 320 px screen keeps both model columns.
    <span className="inline-flex flex-col items-start gap-1 sm:flex-row sm:gap-1.5">
      <Icon aria-hidden="true" className={`size-5 shrink-0 ${TONES[value]}`} strokeWidth={2} />
      <span className={visible ? 'text-ink-700' : 'sr-only'}>{label}</span>
    </span>
  )
}
