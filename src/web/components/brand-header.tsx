/** The plain header of the pages outside the landing page: the brand, linking home. */
import { routes } from '#src/common/paths.ts'
import { settings } from '../settings.ts'
import { cn } from '../lib/cn.ts'
import { LogoMark } from './logo.tsx'

interface Props {
  /** Max width class of the row, matching the page's content column. */
  width?: string
  /** Words for screen readers after the brand (e.g. "Back to the home page"). */
  homeLabel?: string
}

export function BrandHeader({ width = 'max-w-4xl', homeLabel }: Props) {
  return (
    <header className="border-b border-ink-100 bg-white">
      <div className={cn('mx-auto flex h-16 items-center px-4 sm:px-6', width)}>
        <a href={routes.home} className="flex min-h-11 items-center gap-2.5">
          <LogoMark />
          <span className="text-lg font-semibold text-brand-900">{settings.brandName}</span>
          {homeLabel ? <span className="sr-only">{homeLabel}</span> : null}
        </a>
      </div>
    </header>
  )
}
