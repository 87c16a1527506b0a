/** 'Schedule Your Consultation' (SPEC.md §2 "Booking dialog"). */
import { Dialog } from '../../components/ui/dialog.tsx'
import { settings } from '../../content/settings.ts'

interface Props {
  open: boolean
  onClose: () => void
}

export default function BookingDialog({ open, onClose }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Schedule Your Consultation"
    >
      <p className="text-ink-700">
        Write to{' '}
        <a className="font-semibold text-accent-700 underline" href={`mailto:${settings.supportEmail}`}>
          {settings.supportEmail}
        </a>{' '}
        and we will find a time for a 15-minute call.
      </p>
    </Dialog>
  )
}
