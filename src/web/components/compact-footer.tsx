/**
 * The one-row footer of the pages outside the landing page (/thank-you, /scheduling-thank-you,
 * the 404 page): support e-mail, the legal texts and 'Cookie settings', which the consent bar
 * promises in the footer. Server-only (components/server-only.tsx): its controls
 * are data-action attributes run by the page's DialogHost, so it adds no JavaScript.
 */
import { LEGAL_TAB_ROUTES, type LegalTab } from '#src/common/paths.ts'
import { FOOTER_COPY } from '../content/footer.ts'
import { action } from '../lib/actions.ts'
import { cn } from '../lib/cn.ts'
import { settings } from '../settings.ts'

const linkClass =
  'inline-flex min-h-11 items-center text-ink-600 underline-offset-4 hover:text-brand-900 hover:underline'

export function CompactFooter({ width = 'max-w-4xl' }: { width?: string }) {
  // Inside the function, so the bundler can drop the copy with the server-only component.
  const legal: Array<{ tab: LegalTab; label: string }> = [
    { tab: 'terms', label: FOOTER_COPY.terms },
    { tab: 'privacy', label: FOOTER_COPY.privacy },
    { tab: 'cookies', label: FOOTER_COPY.cookies },
  ]
  return (
    <footer className="border-t border-ink-100 bg-white text-sm">
      <div
        className={cn(
          'mx-auto flex flex-col gap-x-6 gap-y-1 px-4 py-4 sm:px-6 md:flex-row md:items-center md:justify-between',
          width,
        )}
      >
        <p className="text-ink-600">{FOOTER_COPY.copyright(settings.brandName)}</p>
        <nav aria-label={FOOTER_COPY.legalHeading}>
          <ul className="flex flex-wrap gap-x-5">
            <li>
              <a className={linkClass} href={`mailto:${settings.supportEmail}`}>
                {settings.supportEmail}
              </a>
            </li>
            {legal.map((item) => (
              <li key={item.tab}>
                {/* Opens the legal dialog where the page has one, else the legal route. */}
                <a
                  className={linkClass}
                  href={LEGAL_TAB_ROUTES[item.tab]}
                  {...action('open-legal', item.tab)}
                >
                  {item.label}
                </a>
              </li>
            ))}
            <li>
              <button type="button" {...action('open-cookie-settings')} className={linkClass}>
                {FOOTER_COPY.cookieSettings}
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  )
}
