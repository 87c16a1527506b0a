/**
 * The ad-tracking conversion event of /thank-you and /scheduling-thank-you (docs/product.md,
 * "Routes and screens"): sent at most once per page load, and only with consent for the marketing
 * purpose (docs/product.md, "Privacy and third parties"). Without consent yet, it waits for the
 * visitor's choice on this page; a refusal sends nothing. The tag (gtag-style) loads only then, so
 * without consent no request leaves for the ads host.
 */
import { settings } from '../../settings.ts'
import { adTagScriptUrl, adTrackingConfigured } from '#src/common/site/third-parties.ts'
import { hasConsent, onConsentChange } from '../consent/consent-store.ts'

type ConversionPage = 'trial' | 'scheduling'

interface TagWindow {
  dataLayer?: unknown[]
  gtag?: (...args: unknown[]) => void
}

let state: 'idle' | 'waiting' | 'sent' = 'idle'

/**
 * A URL as the ad network may see it: origin and path, no query or fragment. The query of
 * /scheduling-thank-you carries the guest's e-mail and name; the tag would otherwise
 * read document.location and the referrer in full.
 */
function withoutQuery(url: string): string {
  try {
    const u = new URL(url)
    return u.origin + u.pathname
  } catch {
    return ''
  }
}

function send(page: ConversionPage): void {
  state = 'sent'
  const w = window as unknown as TagWindow
  w.dataLayer = w.dataLayer ?? []
  // gtag's documented shape: it queues the arguments object itself.
  w.gtag =
    w.gtag ??
    function gtag() {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments)
    }
  const id = settings.adConversionId
  w.gtag('js', new Date())
  const where = {
    page_location: withoutQuery(window.location?.href ?? ''),
    page_referrer: withoutQuery(document.referrer ?? ''),
  }
  w.gtag('config', id, { send_page_view: false, ...where })
  w.gtag('event', 'conversion', {
    send_to: settings.adConversionLabel ? `${id}/${settings.adConversionLabel}` : id,
    event_category: page,
    ...where,
  })
  const script = document.createElement('script')
  script.async = true
  script.src = adTagScriptUrl(id)
  script.onerror = () => {
    // Blocked by an extension or offline: nothing to tell the visitor.
    script.remove()
  }
  document.head.appendChild(script)
}

export function trackConversion(page: ConversionPage): void {
  if (state !== 'idle') return
  if (!adTrackingConfigured(settings)) {
    state = 'sent'
    return
  }
  if (hasConsent('marketing')) {
    send(page)
    return
  }
  state = 'waiting'
  const off = onConsentChange((record) => {
    if (state === 'waiting' && record.categories.marketing) {
      off()
      send(page)
    }
  })
}
