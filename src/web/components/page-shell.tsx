import { StrictMode, type ReactNode } from 'react'
import { ErrorBoundary } from './error-boundary.tsx'
import { Toaster } from './toaster.tsx'

/** What wraps every page: strict mode, the error boundary and the toast region. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <ErrorBoundary>{children}</ErrorBoundary>
      <Toaster />
    </StrictMode>
  )
}
