/**
 * The footer of the lab's pages (/pacing, /methodology), as wide as the site's: it links to the
 * Lab, its method and the legal texts. Server-only markup.
 */
import { LEGAL_TAB_ROUTES, routes } from '#src/common/paths.ts'
import { LogoMark } from '../../components/logo.tsx'
import { LAB_NAV } from '../../content/pacing.ts'
import { settings } from '../../settings.ts'

export function LabFooter() {
  const linkClass =
    'inline-flex min-h-11 items-center text-sm text-ink-200 underline-offset-4 hover:text-white hover:underline'
  return (
    <footer className="bg-brand-950 text-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between lg:px-8">
        <div className="max-w-md">
          <p className="flex items-center gap-2.5">
            <LogoMark />
            <span className="text-lg font-semibold">{settings.brandName}</span>
          </p>
          <p className="mt-3 text-sm leading-relaxed text-ink-300">{LAB_NAV.footerNote}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-8 sm:grid-cols-3">
            <li>
              <a className={linkClass} href={routes.home}>
                {LAB_NAV.home}
              </a>
            </li>
            <li>
              <a className={linkClass} href={routes.pacing}>
                {LAB_NAV.lab}
              </a>
            </li>
            <li>
              <a className={linkClass} href={routes.methodology}>
                {LAB_NAV.methodology}
              </a>
            </li>
            <li>
              <a className={linkClass} href={LEGAL_TAB_ROUTES.terms}>
                {LAB_NAV.terms}
              </a>
            </li>
            <li>
              <a className={linkClass} href={LEGAL_TAB_ROUTES.privacy}>
                {LAB_NAV.privacy}
              </a>
            </li>
            <li>
              <a className={linkClass} href={LEGAL_TAB_ROUTES.cookies}>
                {LAB_NAV.cookies}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-ink-300 sm:px-6 lg:px-8">
          {LAB_NAV.copyright(settings.brandName)}
        </p>
      </div>
    </footer>
  )
}
