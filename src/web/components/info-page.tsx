/**
 * The frame of the plain information pages (/about, /security): a header with the brand, links
 * to pricing and the other page and a trial button; a dark title band; the page's sections; the
 * site footer. All of it is static: rendered at build time, shipped as no code (the footer's and
 * the pages' buttons run through data-action, docs/decisions/0006-islands.md).
 */
import type { ReactNode } from 'react'
import { anchors, routes } from '#src/common/paths.ts'
import { HEADER_COPY, INFO_NAV } from '../content/navigation.ts'
import { settings } from '../settings.ts'
import { LogoMark } from './logo.tsx'
import { buttonClasses } from './ui/button.tsx'

export function InfoHeader({ current }: { current: string }) {
  return (
    <header className="border-b border-ink-100 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {HEADER_COPY.skipToContent}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href={routes.home} className="-ml-1 flex min-h-11 items-center gap-2.5 rounded-lg px-1">
          <LogoMark />
          {/* Below 360 px the mark alone, so the trial button keeps to one line. */}
          <span className="text-lg font-semibold tracking-tight text-brand-900 max-[359px]:sr-only">
            {settings.brandName}
          </span>
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {INFO_NAV.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-current={link.href === current ? 'page' : undefined}
                  className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-ink-700 hover:bg-ink-50 hover:text-brand-900 aria-[current=page]:text-brand-900 aria-[current=page]:underline aria-[current=page]:decoration-accent-600 aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a
          href={`${routes.home}#${anchors.trialForm}`}
          className={buttonClasses('primary', 'sm', 'whitespace-nowrap sm:px-4')}
        >
          {HEADER_COPY.cta}
        </a>
      </div>
    </header>
  )
}

export function InfoHero({
  eyebrow,
  heading,
  intro,
  children,
}: {
  eyebrow: string
  heading: string
  intro: string
  children?: ReactNode
}) {
  return (
    <div className="relative overflow-hidden bg-brand-950 text-white">
      {/* A faint spreadsheet grid: the product's own texture, not a stock picture. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-[0.07] [background-image:linear-gradient(to_right,#fff_1px,transparent_1px),linear-gradient(to_bottom,#fff_1px,transparent_1px)] [background-size:64px_32px]"
      />
      <div className="relative mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {heading}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ink-200">{intro}</p>
        {children}
      </div>
    </div>
  )
}
