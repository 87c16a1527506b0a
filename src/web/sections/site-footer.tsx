/**
 * Footer: models, support, support e-mail, copyright and legal links (docs/product.md,
 * "Routes and screens").
 */
import { anchors, LEGAL_TAB_ROUTES, routes, type LegalTab } from '#src/common/paths.ts'
import { LogoMark } from '../components/logo.tsx'
import { SITE_CONTAINER } from '../components/site-container.tsx'
import { cn } from '../lib/cn.ts'
import { FOOTER_COPY } from '../content/footer.ts'
import { settings } from '../settings.ts'
import { action, type SiteAction } from '../lib/actions.ts'

const linkClass =
  'inline-flex min-h-11 items-center text-left text-sm text-ink-200 underline-offset-4 hover:text-white hover:underline'

function FooterButton({ run, children }: { run: SiteAction; children: React.ReactNode }) {
  return (
    <button type="button" {...action(run)} className={linkClass}>
      {children}
    </button>
  )
}

export function SiteFooter() {
  const legal: Array<{ tab: LegalTab; label: string }> = [
    { tab: 'terms', label: FOOTER_COPY.terms },
    { tab: 'privacy', label: FOOTER_COPY.privacy },
    { tab: 'cookies', label: FOOTER_COPY.cookies },
  ]
  return (
    <footer className="bg-brand-950 text-white">
      {/* Two columns of links from the smallest phone up: one column was three screens long. */}
      <div className={cn(SITE_CONTAINER, 'grid grid-cols-2 gap-x-6 gap-y-10 py-14 lg:grid-cols-4')}>
        <div className="col-span-2 lg:col-span-1">
          <p className="flex items-center gap-2.5">
            <LogoMark />
            <span className="text-lg font-semibold">{settings.brandName}</span>
          </p>
          <p className="mt-4 text-sm leading-relaxed text-ink-300">{FOOTER_COPY.tagline}</p>
          <p className="mt-4 text-sm">
            <a className={linkClass} href={`mailto:${settings.supportEmail}`}>
              {settings.supportEmail}
            </a>
          </p>
        </div>
        <nav aria-labelledby="footer-models">
          <h2
            id="footer-models"
            className="text-sm font-semibold tracking-wider text-white uppercase"
          >
            {FOOTER_COPY.modelsHeading}
          </h2>
          <ul className="mt-3">
            <li>
              <a
                className={linkClass}
                href={`${routes.home}#${anchors.trialFormFor('basic')}`}
                {...action('select-model', 'basic')}
              >
                {FOOTER_COPY.basicModel}
              </a>
            </li>
            <li>
              <a
                className={linkClass}
                href={`${routes.home}#${anchors.trialFormFor('advanced')}`}
                {...action('select-model', 'advanced')}
              >
                {FOOTER_COPY.advancedModel}
              </a>
            </li>
            <li>
              <a className={linkClass} href={`/#${anchors.pricing}`}>
                {FOOTER_COPY.compareModels}
              </a>
            </li>
            <li>
              <a className={linkClass} href={routes.pacing}>
                {FOOTER_COPY.pacingLab}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2
            id="footer-support"
            className="text-sm font-semibold tracking-wider text-white uppercase"
          >
            {FOOTER_COPY.supportHeading}
          </h2>
          <ul className="mt-3">
            <li>
              <a className={linkClass} href={routes.about}>
                {FOOTER_COPY.about}
              </a>
            </li>
            <li>
              <a className={linkClass} href={routes.security}>
                {FOOTER_COPY.security}
              </a>
            </li>
            {settings.documentationUrl ? (
              <li>
                <a
                  className={linkClass}
                  href={settings.documentationUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {FOOTER_COPY.documentation}
                </a>
              </li>
            ) : null}
            {settings.videoTutorialsUrl ? (
              <li>
                <a
                  className={linkClass}
                  href={settings.videoTutorialsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {FOOTER_COPY.videoTutorials}
                </a>
              </li>
            ) : null}
            <li>
              <FooterButton run="open-chat">{FOOTER_COPY.contactChat}</FooterButton>
            </li>
            <li>
              <FooterButton run="open-booking">{FOOTER_COPY.scheduleConsultation}</FooterButton>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2
            id="footer-legal"
            className="text-sm font-semibold tracking-wider text-white uppercase"
          >
            {FOOTER_COPY.legalHeading}
          </h2>
          <ul className="mt-3">
            {legal.map((item) => (
              <li key={item.tab}>
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
              <FooterButton run="open-cookie-settings">{FOOTER_COPY.cookieSettings}</FooterButton>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div
          className={cn(
            SITE_CONTAINER,
            'flex flex-col gap-2 py-6 text-xs text-ink-300 md:flex-row md:justify-between',
          )}
        >
          <div className="space-y-1">
            <p>{FOOTER_COPY.copyright(settings.brandName)}</p>
            {/* Who sells the licenses, as fintech footers say it (README, settings). */}
            <p>{FOOTER_COPY.company(settings.brandName, settings.company)}</p>
          </div>
          <p className="max-w-2xl md:text-right">{FOOTER_COPY.disclaimer}</p>
        </div>
      </div>
    </footer>
  )
}
