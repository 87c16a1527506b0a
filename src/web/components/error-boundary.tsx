import { Component, type ErrorInfo, type ReactNode } from 'react'

/** The text of SPEC.md's router fallback: the status or message of what went wrong. */
export function describeError(error: unknown): string {
  if (error && typeof error === 'object') {
    const { status, statusText, message } = error as {
      status?: unknown
      statusText?: unknown
      message?: unknown
    }
    if (typeof status === 'number')
      return typeof statusText === 'string' && statusText ? `${status} ${statusText}` : String(status)
    if (typeof message === 'string' && message) return message
  }
  return typeof error === 'string' && error ? error : 'Unknown error'
}

export function ErrorFallback({ error }: { error: unknown }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-6 py-16">
      <h1 className="text-2xl font-semibold text-brand-900">Unexpected Application Error!</h1>
      <p className="mt-3 font-mono text-sm break-words text-ink-700">{describeError(error)}</p>
      <p className="mt-6">
        <a className="font-semibold text-accent-700 underline underline-offset-4" href="/">
          Back to the home page
        </a>
      </p>
    </main>
  )
}

interface Props {
  children: ReactNode
}

/** Every page's error boundary (DESIGN.md §2). */
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
