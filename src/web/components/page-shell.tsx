import { StrictMode, type ReactNode } from 'react'
import { ConsentRoot } from '../features/consent/consent-root.tsx'
import { ErrorBoundary } from './error-boundary.tsx'
import { Toaster } from './toaster.tsx'

/** What wraps every page: strict mode, the error boundary, the toast region and consent. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      {/* First in the document, so the consent bar's controls are the first tab stops. */}
      <ConsentRoot />
      <ErrorBoundary>{children}</ErrorBoundary>
      <Toaster />
    </StrictMode>
  )
}
