/**
 * Calls to /admin/api: the session cookie goes by itself (same origin, SameSite=Strict); every
 * change also carries the session's CSRF token in X-CSRF-Token (docs/product.md,
 * "Operator console"). A 401 means the session ended: the app shows the sign-in page.
 */
import { useCallback, useEffect, useState } from 'react'
import { CSRF_HEADER } from '#src/common/console-api.ts'
import type { ApiError as ApiErrorBody } from '#src/common/api-types.ts'

export const SIGNED_OUT_EVENT = 'console:signed-out'

let csrfToken = ''

export function setCsrfToken(token: string) {
  csrfToken = token
}

class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message)
  }
}

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  let res: Response
  try {
    res = await fetch(path, { credentials: 'same-origin', ...init })
  } catch {
    throw new ConsoleApiError(0, 'NETWORK', 'The server did not answer. Check your connection.')
  }
  if (res.ok) return (await res.json()) as T
  const body = (await res.json().catch(() => null)) as ApiErrorBody | null
  if (res.status === 401 && body?.errorCode === 'UNAUTHORIZED')
    window.dispatchEvent(new Event(SIGNED_OUT_EVENT))
  throw new ConsoleApiError(
    res.status,
    body?.errorCode ?? 'HTTP_ERROR',
    body?.error ?? `The server answered ${res.status}.`,
    body?.details,
  )
}

export function apiGet<T>(path: string): Promise<T> {
  return request<T>(path)
}

/** A change: JSON (or a file upload as FormData), with the CSRF header. */
export function apiPost<T>(path: string, body: unknown = {}): Promise<T> {
  const isForm = body instanceof FormData
  return request<T>(path, {
    method: 'POST',
    headers: {
      [CSRF_HEADER]: csrfToken,
      ...(isForm ? {} : { 'Content-Type': 'application/json' }),
    },
    body: isForm ? body : JSON.stringify(body),
  })
}

export function errorMessage(error: unknown): string {
  if (error instanceof ConsoleApiError)
    return error.details.length ? `${error.message}: ${error.details.join('; ')}` : error.message
  return error instanceof Error ? error.message : String(error)
}

interface ApiData<T> {
  data: T | null
  error: string | null
  loading: boolean
  reload: () => void
}

/** Loads a GET path, again whenever the path changes or reload() is called. */
export function useApiData<T>(path: string): ApiData<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  })
  const [generation, setGeneration] = useState(0)
  useEffect(() => {
    let live = true
    setState((s) => ({ ...s, loading: true }))
    apiGet<T>(path).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) =>
        live && setState((s) => ({ data: s.data, error: errorMessage(error), loading: false })),
    )
    return () => {
      live = false
    }
  }, [path, generation])
  const reload = useCallback(() => setGeneration((g) => g + 1), [])
  return { ...state, reload }
}
