/**
 * The error fallback of every page (docs/product.md, "Routes and screens"): 'Unexpected Application
 * Error!' with the status or the message of what was thrown.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { describeError, ErrorBoundary, ErrorFallback } from './error-boundary.tsx'

describe('describeError', () => {
  it('prefers the status of a response-like error', () => {
    expect(describeError({ status: 404, statusText: 'Not Found' })).toBe('404 Not Found')
    expect(describeError({ status: 500 })).toBe('500')
    expect(describeError({ status: 503, statusText: '', message: 'ignored' })).toBe('503')
  })

  it('falls back to the message, then to a string, then to a generic text', () => {
    expect(describeError(new Error('Chart data missing'))).toBe('Chart data missing')
    expect(describeError('plain string')).toBe('plain string')
    expect(describeError(new Error(''))).toBe('Unknown error')
    expect(describeError(null)).toBe('Unknown error')
    expect(describeError(undefined)).toBe('Unknown error')
    expect(describeError(42)).toBe('Unknown error')
  })
})

describe('ErrorFallback', () => {
  it('shows the heading, the detail as text and a way home', () => {
    const html = renderToStaticMarkup(<ErrorFallback error={new Error('<b>boom</b>')} />)
    expect(html).toContain('Unexpected Application Error!')
    expect(html).toContain('&lt;b&gt;boom&lt;/b&gt;')
    expect(html).not.toContain('<b>boom</b>')
    expect(html).toContain('href="/"')
  })

  it('shows a status', () => {
    expect(
      renderToStaticMarkup(<ErrorFallback error={{ status: 404, statusText: 'Not Found' }} />),
    ).toContain('404 Not Found')
  })
})

describe('ErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks())

  it('renders its children while nothing failed', () => {
    expect(
      renderToStaticMarkup(
        <ErrorBoundary>
          <p>page</p>
        </ErrorBoundary>,
      ),
    ).toBe('<p>page</p>')
  })

  it('turns a thrown error into the fallback and logs it', () => {
    const error = new Error('Render failed')
    const state = ErrorBoundary.getDerivedStateFromError(error)
    expect(state).toEqual({ error, failed: true })

    const boundary = new ErrorBoundary({ children: <p>page</p> })
    boundary.state = state
    const html = renderToStaticMarkup(<>{boundary.render()}</>)
    expect(html).toContain('Unexpected Application Error!')
    expect(html).toContain('Render failed')
    expect(html).not.toContain('<p>page</p>')

    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    boundary.componentDidCatch(error, { componentStack: '\n    at Page' })
    expect(log).toHaveBeenCalledWith('Page failed to render', error, '\n    at Page')
  })
})
