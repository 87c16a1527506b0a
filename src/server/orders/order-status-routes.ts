/**
 * GET /api/order-status?order=ID (ID a Stripe checkout session id, or a provider's order id):
 * what /purchase-complete shows after paying. Only the order's state, in four words, never who
 * bought or what: an order not recorded yet, or not matched to a product yet, is "processing".
 */
import { Hono } from 'hono'
import { api } from '#src/common/paths.ts'
import { buyerOrderStatus, type IntakeDeps } from './webhook-intake.ts'
import { invalid } from '../http/read-json.ts'

export function orderStatusRoutes(deps: IntakeDeps): Hono {
  const app = new Hono()
  app.get(api.orderStatus, async (c) => {
    const order = c.req.query('order') ?? c.req.query('session_id') ?? ''
    if (!/^[\w.:-]{1,200}$/.test(order)) throw invalid(['order must be an order or session id'])
    return c.json({ status: await buyerOrderStatus(deps, order) })
  })
  return app
}
