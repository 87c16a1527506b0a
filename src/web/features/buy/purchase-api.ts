/**
 * The invoice request's call to our API (docs/architecture.md, "Contracts: API"); its answer is
 * checked by schema.
 */
import type { ApiError } from '#src/common/api-types.ts'
import { api } from '#src/common/paths.ts'
import {
  PurchaseRequestResponseSchema,
  type PurchaseRequestInput,
  type PurchaseRequestResponse,
} from '#src/common/purchase-schema.ts'

type PurchaseResult =
  | { ok: true; data: PurchaseRequestResponse }
  /** status 0: the server could not be reached. retryAfterSeconds: from a 429. */
  | { ok: false; status: number; error: Partial<ApiError>; retryAfterSeconds: number | null }

export async function submitPurchaseRequest(body: PurchaseRequestInput): Promise<PurchaseResult> {
  let response: Response
  try {
    response = await fetch(api.purchaseRequests, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    })
  } catch {
    return { ok: false, status: 0, error: {}, retryAfterSeconds: null }
  }
  const json: unknown = await response.json().catch(() => null)
  const { ApiErrorSchema } = await import('#src/common/api-schemas.ts')
  if (response.ok) {
    const parsed = PurchaseRequestResponseSchema.safeParse(json)
    if (parsed.success) return { ok: true, data: parsed.data }
  }
  const error = ApiErrorSchema.safeParse(json)
  const retryAfter = Number(response.headers.get('retry-after'))
  return {
    ok: false,
    status: response.status,
    error: error.success ? error.data : {},
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  }
}
