/**
 * 'Watch Demo (2 min)': the demo video in a dialog (docs/product.md, "Routes and screens"). Nothing
 * is requested from the video host before the dialog opens. With consent for the media purpose the
 * player loads at once; otherwise the dialog says that playing loads YouTube's player and waits for
 * a click, which may also remember the choice (docs/product.md, "Privacy and third parties").
 */
import { Play } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { routes, uploads } from '#src/common/paths.ts'
import { Dialog } from '../../components/ui/dialog.tsx'
import { action } from '../../lib/actions.ts'
import { VIDEO_COPY } from '../../content/hero.ts'
import { settings } from '../../settings.ts'
import { grantConsent, hasConsent, onConsentChange } from '../consent/consent-store.ts'
import { videoEmbedUrl } from './video-embed.ts'
import { VIDEO_CONSENT_COPY } from '../../content/video.ts'

const POSTER = `${uploads.screenshots('advanced')}/Exposure_Dashboard.png`

interface Props {
  open: boolean
  onClose: () => void
}

export default function VideoDialog({ open, onClose }: Props) {
  const src = videoEmbedUrl(settings.demoVideoId)
  const rememberId = useId()
  const [allowed, setAllowed] = useState(() => hasConsent('media'))
  const [remember, setRemember] = useState(false)

  useEffect(() => onConsentChange((record) => setAllowed(record.categories.media)), [])

  function play() {
    if (remember) grantConsent('media')
    setAllowed(true)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={VIDEO_COPY.title}
      description={VIDEO_COPY.description}
      closeLabel={VIDEO_COPY.close}
    >
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-brand-950">
        {!src ? (
          <p className="flex size-full items-center justify-center p-6 text-center text-ink-100">
            {VIDEO_CONSENT_COPY.unavailable}
          </p>
        ) : open && allowed ? (
          <iframe
            className="size-full"
            src={src}
            title={VIDEO_COPY.title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
        ) : (
          <div className="relative flex size-full flex-col items-center justify-center gap-4 p-6 text-center">
            {/* The product itself behind the play button: a first-party image, no third party yet. */}
            <img
              src={POSTER}
              alt=""
              className="absolute inset-0 size-full object-cover object-top opacity-35"
              onError={(event) => event.currentTarget.remove()}
            />
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,color-mix(in_oklab,var(--color-brand-950)_55%,transparent),var(--color-brand-950)_85%)]"
            />
            <button
              type="button"
              onClick={play}
              className="group relative inline-flex items-center gap-3 rounded-full bg-white py-2 pr-6 pl-2 text-base font-semibold text-brand-900 shadow-lg transition-colors hover:bg-accent-50"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent-600 text-white group-hover:bg-accent-700">
                <Play aria-hidden="true" className="size-5 translate-x-px fill-current" />
              </span>
              {VIDEO_CONSENT_COPY.play}
            </button>
            <p className="relative hidden max-w-md text-sm text-ink-100 sm:block">
              {VIDEO_CONSENT_COPY.notice}
            </p>
          </div>
        )}
      </div>
      {src ? (
        <div className="mt-4 flex flex-col gap-3 text-sm text-ink-600 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <span className={allowed ? '' : 'sm:hidden'}>{VIDEO_CONSENT_COPY.notice} </span>
            <a
              className="font-medium text-accent-700 underline underline-offset-2"
              href={routes.cookiePolicy}
              {...action('open-legal', 'cookies')}
            >
              Cookie Policy
            </a>
          </p>
          {allowed ? null : (
            <label
              htmlFor={rememberId}
              className="inline-flex min-h-11 shrink-0 items-center gap-2 text-ink-700"
            >
              <input
                id={rememberId}
                type="checkbox"
                checked={remember}
                onChange={(event) => setRemember(event.target.checked)}
                className="size-4 accent-accent-600"
              />
              {VIDEO_CONSENT_COPY.remember}
            </label>
          )}
        </div>
      ) : null}
    </Dialog>
  )
}
