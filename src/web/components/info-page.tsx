/**
 * The dark title band of the plain information pages (/about, /security), below the site's
 * header. Static: rendered at build time, shipped as no code (docs/decisions/0006-islands.md).
 */
import type { ReactNode } from 'react'

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
