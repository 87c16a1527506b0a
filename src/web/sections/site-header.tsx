/**
 * Fixed header: logo, brand, anchor links, 'Get Free Trial', and the mobile menu (docs/product.md,
 * "Routes and screens").
 */
import { Menu, X } from 'lucide-react'
import { useEffect } from 'react'
import { anchors } from '#src/common/paths.ts'
import { LogoMark } from '../components/logo.tsx'
import { buttonClasses } from '../components/ui/button.tsx'
import { HEADER_COPY, LAB_LINK, NAV_LINKS } from '../content/navigation.ts'
import { settings } from '../settings.ts'
import { scrollToAnchor, scrollToTop } from '../lib/scroll.ts'
import { useDisclosure } from '../lib/use-disclosure.ts'

function goTo(anchor: string, event: React.MouseEvent) {
  event.preventDefault()
  history.replaceState(history.state, '', `#${anchor}`)
  scrollToAnchor(anchor)
}

export function SiteHeader() {
  const menu = useDisclosure()
  const { close } = menu

  useEffect(() => {
    if (!menu.isOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [menu.isOpen, close])

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-ink-100 bg-white shadow-[0_1px_2px_rgb(16_41_75/0.04)]">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {HEADER_COPY.skipToContent}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <button
          type="button"
          onClick={() => {
            close()
            scrollToTop()
          }}
          className="-ml-1 flex min-h-11 items-center gap-2.5 rounded-lg px-1"
          aria-label={`${settings.brandName}: ${HEADER_COPY.backToTop}`}
        >
          <LogoMark />
          {/* Below 360 px the mark alone, so the trial button keeps to one line. */}
          <span className="text-lg font-semibold tracking-tight text-brand-900 max-[359px]:sr-only">
            {settings.brandName}
          </span>
        </button>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.anchor}>
                <a
                  href={`#${link.anchor}`}
                  onClick={(event) => goTo(link.anchor, event)}
                  className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-ink-700 hover:bg-ink-50 hover:text-brand-900"
                >
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a
                href={LAB_LINK.href}
                className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-ink-700 hover:bg-ink-50 hover:text-brand-900"
              >
                {LAB_LINK.label}
              </a>
            </li>
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <a
            href={`#${anchors.trialForm}`}
            onClick={(event) => {
              close()
              goTo(anchors.trialForm, event)
            }}
            className={buttonClasses('primary', 'sm', 'whitespace-nowrap sm:px-4')}
          >
            {HEADER_COPY.cta}
          </a>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-brand-900 hover:bg-ink-100 md:hidden"
            aria-expanded={menu.isOpen}
            aria-controls="mobile-menu"
            aria-label={menu.isOpen ? HEADER_COPY.closeMenu : HEADER_COPY.openMenu}
            onClick={menu.toggle}
          >
            {menu.isOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>
        </div>
      </div>

      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!menu.isOpen}
        className="border-t border-ink-100 bg-white px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col py-2">
          {NAV_LINKS.map((link) => (
            <li key={link.anchor}>
              <a
                href={`#${link.anchor}`}
                onClick={(event) => {
                  close()
                  goTo(link.anchor, event)
                }}
                className="flex min-h-12 items-center rounded-lg px-3 text-base font-medium text-ink-800 hover:bg-ink-50"
              >
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <a
              href={LAB_LINK.href}
              className="flex min-h-12 items-center rounded-lg px-3 text-base font-medium text-ink-800 hover:bg-ink-50"
            >
              {LAB_LINK.label}
            </a>
          </li>
        </ul>
        <a
          href={`#${anchors.trialForm}`}
          onClick={(event) => {
            close()
            goTo(anchors.trialForm, event)
          }}
          className={buttonClasses('primary', 'lg', 'w-full')}
        >
          {HEADER_COPY.cta}
        </a>
      </nav>
    </header>
  )
}
