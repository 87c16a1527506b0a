/** 'Watch Demo (2 min)': the demo video in a dialog (SPEC.md §2 "Hero"). */
import { Dialog } from '../../components/ui/dialog.tsx'
import { VIDEO_COPY } from '../../content/hero.ts'
import { settings } from '../../content/settings.ts'
import { videoEmbedUrl } from './video-embed.ts'

interface Props {
  open: boolean
  onClose: () => void
}

export default function VideoDialog({ open, onClose }: Props) {
  const src = videoEmbedUrl(settings.demoVideoId)
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={VIDEO_COPY.title}
      description={VIDEO_COPY.description}
      closeLabel={VIDEO_COPY.close}
    >
      <div className="aspect-video w-full overflow-hidden rounded-xl bg-brand-950">
        {open && src ? (
          <iframe
            className="size-full"
            src={src}
            title={VIDEO_COPY.title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
        ) : (
          <p className="flex size-full items-center justify-center p-6 text-center text-ink-100">
            The demo video is not available right now.
          </p>
        )}
      </div>
    </Dialog>
  )
}
