/**
 * Paddle Billing sends no buyer e-mail with a transaction: it comes from
 * `GET {PADDLE_API_URL}/customers/{id}` with `Authorization: Bearer PADDLE_API_KEY`, retried
 * with backoff here (a few quick tries), and again later by the orders worker when all fail.
 */
interface PaddleApi {
  url: string
  key: string | null
}

interface PaddleCustomer {
  email: string
  name: string | null
}

class PaddleApiError extends Error {}

const ATTEMPTS = 3
const BASE_DELAY_MS = 200
const TIMEOUT_MS = 5_000

export async function fetchPaddleCustomer(
  api: PaddleApi,
  customerId: string,
  attempts = ATTEMPTS,
): Promise<PaddleCustomer> {
  if (!api.key) throw new PaddleApiError('PADDLE_API_KEY is not set: cannot look up the buyer')
  let last: unknown
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, BASE_DELAY_MS * 2 ** (attempt - 1)))
    try {
      const res = await fetch(`${api.url}/customers/${encodeURIComponent(customerId)}`, {
        headers: { Authorization: `Bearer ${api.key}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      if (!res.ok) {
        last = new PaddleApiError(`Paddle API answered ${res.status} for customer ${customerId}`)
        // A 4xx other than 429 will not get better by asking again now.
        if (res.status < 500 && res.status !== 429) break
        continue
      }
      const body = (await res.json()) as { data?: { email?: unknown; name?: unknown } }
      const email = body.data?.email
      if (typeof email !== 'string' || !email.includes('@'))
        throw new PaddleApiError(`Paddle customer ${customerId} has no e-mail address`)
      const name = typeof body.data?.name === 'string' ? body.data.name : null
      return { email, name }
    } catch (error) {
      last = error
    }
  }
  throw last instanceof Error ? last : new PaddleApiError(String(last))
}
