/**
 * /api/purchase-requests (docs/product.md, "Buying"): "Request an invoice". Parses with the shared
 * schema, calls one service and maps its result; errors and limits as for trial requests.
 */
import { Hono } from 'hono'
import { api } from '#src/common/paths.ts'
import { PurchaseRequestSchema } from '#src/common/purchase-schema.ts'
import type { TrustProxy } from '../config.ts'
import { requestPurchase, type PurchaseDeps } from './purchase-service.ts'
import { clientInfo } from '../http/client-address.ts'
import { readValidBody } from '../http/read-json.ts'
import { refusal } from '../http/errors.ts'

interface PurchaseRequestRouteDeps {
  purchase: PurchaseDeps
  trustProxy: TrustProxy
  bodyLimitBytes?: number
}

export function purchaseRequestRoutes(deps: PurchaseRequestRouteDeps): Hono {
  const app = new Hono()

  app.post(api.purchaseRequests, async (c) => {
    const request = await readValidBody(c, PurchaseRequestSchema, deps.bodyLimitBytes)
    try {
      const result = await requestPurchase(deps.purchase, request, clientInfo(c, deps.trustProxy))
      return c.json(result, 201)
    } catch (error) {
      throw refusal(c, error)
    }
  })

  return app
}
