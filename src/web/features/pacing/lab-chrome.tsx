/**
 * Header and footer of the lab's pages (/pacing, /methodology). The landing page's header and
 * footer scroll within the landing page; these link to it instead. Both are server-only markup.
 */
import { anchors, LEGAL_TAB_ROUTES, routes } from '#src/common/paths.ts'
import { LogoMark } from '../../components/logo.tsx'
import { buttonClasses } from '../../components/ui/button.tsx'
import { LAB_NAV } from '../../content/pacing.ts'
import { cn } from '../../lib/cn.ts'
import { settings } from '../../settings.ts'

type Current = 'lab' | 'methodology'

export function LabHeader({ current }: { current: Current }) {
  const link = (href: string, label: string, here: boolean, extra?: string) => (
    <a
      href={href}
      aria-current={here ? 'page' : undefined}
      className={cn(
        'inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium whitespace-nowrap sm:px-3',
        here
          ? 'text-brand-900 underline decoration-accent-400 decoration-2 underline-offset-8'
          : 'text-ink-700 hover:bg-ink-50 hover:text-brand-900',
        extra,
      )}
    >
      {label}
    </a>
  )
  return (
    <header className="border-b border-ink-100 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {LAB_NAV.skip}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6 lg:px-8">
        <a href={routes.home} className="flex min-h-11 shrink-0 items-center gap-2.5">
          <LogoMark />
          <span className="text-lg font-semibold tracking-tight text-brand-900 max-[359px]:sr-only">
            {settings.brandName}
          </span>
          <span className="sr-only">{LAB_NAV.home}</span>
        </a>
        <nav aria-label={LAB_NAV.mainNav} className="flex items-center gap-1">
          {link(routes.pacing, LAB_NAV.lab, current === 'lab')}
          {link(routes.methodology, LAB_NAV.methodology, current === 'methodology')}
          {link(`${routes.home}#${anchors.pricing}`, LAB_NAV.pricing, false, 'max-md:hidden')}
          <a
            href={`${routes.home}#${anchors.trialForm}`}
            className={buttonClasses('primary', 'sm', 'ml-2 px-4 max-md:hidden')}
          >
            {LAB_NAV.trial}
          </a>
        </nav>
      </div>
    </header>
  )
}

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
