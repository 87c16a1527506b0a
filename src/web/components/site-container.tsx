/**
 * The one content column of every page's header and footer (and of the pages that take the
 * full width): the same width and side padding, so the logo and the edges line up from page to
 * page.
 */
import type { ReactNode } from 'react'
import { cn } from '../lib/cn.ts'

/** The classes of the column, for an element that cannot be a div. */
export const SITE_CONTAINER = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8'

export function SiteContainer({
  className,
  children,
}: {
  className?: string
  children: ReactNode
}) {
  return <div className={cn(SITE_CONTAINER, className)}>{children}</div>
}
