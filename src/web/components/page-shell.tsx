import { StrictMode, type ReactNode } from 'react'
import { HEADER_COPY } from '../content/navigation.ts'
import { ConsentRoot } from '../features/consent/consent-root.tsx'
import { ErrorBoundary } from './error-boundary.tsx'
import { Toaster } from './toaster.tsx'

/** What wraps every page: strict mode, the error boundary, the toast region and consent. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      {/* The first tab stop of every page, before the consent bar's controls (docs/product.md). */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-brand-900 focus:shadow-lg"
      >
        {HEADER_COPY.skipToContent}
      </a>
      {/* Next, so the consent bar's controls come before the page's. */}
      <ConsentRoot />
      <ErrorBoundary>{children}</ErrorBoundary>
      <Toaster />
    </StrictMode>
  )
}
