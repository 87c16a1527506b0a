/**
 * Our 404 page: the server answers unknown paths with it and status 404 (docs/product.md,
 * "Routes and screens").
 */
import { ArrowLeft, Mail } from 'lucide-react'
import { routes } from '#src/common/paths.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { settings } from '../../settings.ts'
import { SiteFooter } from '../../sections/site-footer.tsx'
import { SiteHeader } from '../../sections/site-header.tsx'
import { ServerOnly } from '../../components/server-only.tsx'
import { DialogHost } from '../../features/dialogs/dialog-host.tsx'

// The site's header and footer, server-only: they need no code here.
const StaticHeader = import.meta.env.SSR ? () => <SiteHeader /> : null
const StaticFooter = import.meta.env.SSR ? SiteFooter : null
import { NOT_FOUND_COPY, NOT_FOUND_LINKS } from '../../content/not-found.ts'

export function NotFoundPage() {
  // The DialogHost runs the footer's data-action controls (Cookie settings, the legal texts).
  return (
    <DialogHost>
      <div className="flex min-h-dvh flex-col bg-ink-50">
        <ServerOnly render={StaticHeader} />
        <main id="main" className="flex flex-1 items-center px-4 py-16 sm:px-6">
          <div className="mx-auto w-full max-w-xl text-center">
            <p className="text-sm font-semibold tracking-[0.2em] text-accent-700">
              {NOT_FOUND_COPY.code}
            </p>
            <h1 className="mt-3 text-4xl font-semibold tracking-tight text-brand-900 sm:text-5xl">
              {NOT_FOUND_COPY.heading}
            </h1>
            <p className="mt-4 text-lg text-ink-600">{NOT_FOUND_COPY.text}</p>
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
              <a href={routes.home} className={buttonClasses('primary', 'lg')}>
                <ArrowLeft aria-hidden="true" className="size-5" />
                {NOT_FOUND_COPY.home}
              </a>
              <a
                href={`mailto:${settings.supportEmail}`}
                className={buttonClasses('secondary', 'lg')}
              >
                <Mail aria-hidden="true" className="size-5" />
                {NOT_FOUND_COPY.contact}
              </a>
            </div>
            <ul className="mx-auto mt-14 grid max-w-lg gap-3 text-left sm:grid-cols-3">
              {NOT_FOUND_LINKS.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className="group block h-full rounded-xl bg-white p-4 shadow-sm ring-1 ring-ink-100 transition-colors hover:ring-accent-300"
                  >
                    <span className="block text-sm font-semibold text-brand-900 group-hover:text-accent-700">
                      {link.label}
                    </span>
                    <span className="mt-1 block text-xs leading-snug text-ink-600">
                      {link.text}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </main>
        <ServerOnly render={StaticFooter} />
      </div>
    </DialogHost>
  )
}
