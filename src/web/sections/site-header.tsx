/**
 * The one header of every page (docs/product.md, "Routes and screens"): logo and brand, the anchor links
 * Features, Pricing, Reviews and the Pacing Lab, 'Get Free Trial', and on a phone a menu. The
 * same row, width and links everywhere; on the landing page the links scroll within it and the
 * logo scrolls to the top, elsewhere they lead to the landing page's sections.
 *
 * The phone menu is a popover: the browser opens and closes it (the toggle, Escape, a tap
 * outside on its backdrop), so it works on the pages whose header is server-only markup and
 * ships no code (/about, /security, the Lab's pages).
 */
import { Menu } from 'lucide-react'
import type { MouseEvent } from 'react'
import { anchors, routes } from '#src/common/paths.ts'
import { DemoSettingsNotice } from '../components/demo-settings-notice.tsx'
import { LogoMark } from '../components/logo.tsx'
import { SiteContainer } from '../components/site-container.tsx'
import { buttonClasses } from '../components/ui/button.tsx'
import { HEADER_COPY, LAB_LINK, NAV_LINKS } from '../content/navigation.ts'
import { cn } from '../lib/cn.ts'
import { scrollToAnchor, scrollToTop } from '../lib/scroll.ts'
import { focusTrialForm } from '../lib/trial-focus.ts'
import { demoSettings, settings } from '../settings.ts'

const MENU_ID = 'mobile-menu'

function closeMenu() {
  const menu = document.getElementById(MENU_ID)
  if (menu?.matches(':popover-open')) menu.hidePopover()
}

/** On the landing page: to the section without a jump, the address naming it. */
function goTo(anchor: string, event: MouseEvent) {
  event.preventDefault()
  closeMenu()
  history.replaceState(history.state, '', `#${anchor}`)
  scrollToAnchor(anchor)
  // "Get Free Trial" takes the keyboard along: the next Tab is in the form, not off-screen.
  if (anchor === anchors.trialForm) focusTrialForm()
}

interface Props {
  /** The landing page: links scroll within it, the header stays fixed at the top. */
  home?: boolean
  /** The path of the page shown, marked in the navigation (aria-current). */
  current?: string
}

export function SiteHeader({ home = false, current }: Props) {
  const links = [
    ...NAV_LINKS.map((link) => ({
      key: link.anchor,
      label: link.label,
      href: home ? `#${link.anchor}` : `${routes.home}#${link.anchor}`,
      onClick: home ? (event: MouseEvent) => goTo(link.anchor, event) : undefined,
    })),
    { key: LAB_LINK.href, label: LAB_LINK.label, href: LAB_LINK.href, onClick: undefined },
  ]
  const here = (href: string) => (href === current ? 'page' : undefined)
  const brand = (
    <>
      <LogoMark />
      {/* Below 360 px the mark alone, so the trial button keeps to one line . */}
      <span className="text-lg font-semibold tracking-tight text-brand-900 max-[359px]:sr-only">
        {settings.brandName}
      </span>
    </>
  )
  const brandClass = '-ml-1 flex min-h-11 shrink-0 items-center gap-2.5 rounded-lg px-1'

  return (
    <header
      className={cn(
        'z-40 border-b border-ink-100 bg-white shadow-[0_1px_2px_rgb(16_41_75/0.04)]',
        home ? 'fixed inset-x-0 top-0' : 'relative',
      )}
    >
      <DemoSettingsNotice />
      <SiteContainer className="flex h-16 items-center justify-between gap-4">
        {home ? (
          <button
            type="button"
            onClick={() => {
              closeMenu()
              scrollToTop()
            }}
            className={brandClass}
            aria-label={`${settings.brandName}: ${HEADER_COPY.backToTop}`}
          >
            {brand}
          </button>
        ) : (
          <a href={routes.home} className={brandClass} data-testid="site-logo">
            {brand}
            <span className="sr-only">{HEADER_COPY.home}</span>
          </a>
        )}

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.key}>
                <a
                  href={link.href}
                  onClick={link.onClick}
                  aria-current={here(link.href)}
                  className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-ink-700 hover:bg-ink-50 hover:text-brand-900 aria-[current=page]:text-brand-900 aria-[current=page]:underline aria-[current=page]:decoration-accent-600 aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <a
            href={home ? `#${anchors.trialForm}` : `${routes.home}#${anchors.trialForm}`}
            onClick={home ? (event) => goTo(anchors.trialForm, event) : undefined}
            className={buttonClasses('primary', 'sm', 'whitespace-nowrap sm:px-4')}
          >
            {HEADER_COPY.cta}
          </a>
          <button
            type="button"
            popoverTarget={MENU_ID}
            className="inline-flex size-11 items-center justify-center rounded-lg text-brand-900 hover:bg-ink-100 md:hidden"
            aria-label={HEADER_COPY.menu}
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>
        </div>
      </SiteContainer>

      {/* Under the header row, over a dimmed page; the trial button stays in the row above, so
          the menu does not repeat it. */}
      <nav
        id={MENU_ID}
        popover="auto"
        aria-label="Mobile"
        className={cn(
          'inset-x-0 bottom-auto m-0 w-full max-w-none border-t border-ink-100 bg-white px-4 pb-4 shadow-lg backdrop:bg-brand-950/50 md:hidden',
          // Under the header row, which the demo-settings strip pushes down.
          demoSettings ? 'top-[5.75rem]' : 'top-16',
        )}
      >
        <ul className="flex flex-col py-2">
          {links.map((link) => (
            <li key={link.key}>
              <a
                href={link.href}
                onClick={link.onClick}
                aria-current={here(link.href)}
                className="flex min-h-12 items-center rounded-lg px-3 text-base font-medium text-ink-800 hover:bg-ink-50 aria-[current=page]:text-accent-700"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  )
}
