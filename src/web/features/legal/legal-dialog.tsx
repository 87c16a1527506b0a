/** The legal dialog with its three tabs (SPEC.md §2 "Legal dialog"). */
import type { LegalTab } from '#src/common/paths.ts'
import { Dialog } from '../../components/ui/dialog.tsx'

interface Props {
  open: boolean
  tab: LegalTab
  onClose: () => void
}

const TITLES: Record<LegalTab, string> = {
  terms: 'Terms & Conditions',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
}

export default function LegalDialog({ open, tab, onClose }: Props) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={TITLES[tab]}>
      <p className="text-ink-700">{TITLES[tab]}</p>
    </Dialog>
  )
}
