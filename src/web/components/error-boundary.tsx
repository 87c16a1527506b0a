import { Component, type ErrorInfo, type ReactNode } from 'react'

/**
 * The text of the router fallback (docs/product.md, "Routes and screens"): the status or message of
 * what went wrong.
 */
export function describeError(error: unknown): string {
  if (error && typeof error === 'object') {
    const { status, statusText, message } = error as {
      status?: unknown
      statusText?: unknown
      message?: unknown
    }
    if (typeof status === 'number')
      return typeof statusText === 'string' && statusText
        ? `${status} ${statusText}`
        : String(status)
    if (typeof message === 'string' && message) return message
  }
  return typeof error === 'string' && error ? error : 'Unknown error'
}

export function ErrorFallback({ error }: { error: unknown }) {
  return (
    <main id="main" className="flex min-h-dvh items-center bg-ink-50 px-6 py-16">
      <div className="mx-auto w-full max-w-xl rounded-2xl bg-white p-8 shadow-sm ring-1 ring-ink-100 sm:p-10">
        <p className="text-sm font-semibold tracking-[0.2em] text-accent-700 uppercase">Error</p>
        <h1 className="mt-3 text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl">
          Unexpected Application Error!
        </h1>
        <p
          className="mt-4 rounded-lg bg-ink-50 px-4 py-3 font-mono text-sm break-words text-ink-700"
          data-error-detail=""
        >
          {describeError(error)}
        </p>
        <p className="mt-8">
          <a
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-800 px-5 text-sm font-semibold text-white hover:bg-brand-700"
            href="/"
          >
            Back to the home page
          </a>
        </p>
      </div>
    </main>
  )
}

interface Props {
  children: ReactNode
}

/** Every page's error boundary (docs/product.md, "Routes and screens"). */
export class ErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  state = { error: null as unknown, failed: false }

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack)
  }

  render() {
    return this.state.failed ? <ErrorFallback error={this.state.error} /> : this.props.children
  }
}
