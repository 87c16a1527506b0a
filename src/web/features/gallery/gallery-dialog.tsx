/** The screenshot gallery dialog (SPEC.md §2 "Screenshot gallery dialog"). */
import type { Model } from '#src/common/models.ts'
import { Dialog } from '../../components/ui/dialog.tsx'

interface Props {
  open: boolean
  initialModel: Model
  onClose: () => void
}

export default function GalleryDialog({ open, initialModel, onClose }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={initialModel === 'basic' ? 'Basic Model Screenshots' : 'Advanced Model Screenshots'}
    >
      <p className="text-ink-700">Screenshots</p>
    </Dialog>
  )
}
