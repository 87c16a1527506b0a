/**
 * POST /api/key-resend (docs/architecture.md, "Contracts: API"): "Lost your key?". Always 202 `{ status: "accepted" }`,
 * whether or not the address holds a key, so the answer tells a stranger nothing; a valid key's
 * e-mail goes again to the mailbox it was sent to. Counted against limits like trial requests.
 */
import { Hono } from 'hono'
import type { KeyResendResponse } from '#src/common/api-types.ts'
import { api } from '#src/common/paths.ts'
import { KeyResendSchema } from '#src/common/trial-schema.ts'
import type { TrustProxy } from '../config.ts'
import { resendKey } from './key-resend-service.ts'
import type { TrialDeps } from './trial-service.ts'
import { clientInfo } from '../http/client-address.ts'
import { refusal } from '../http/errors.ts'
import { readValidBody } from '../http/read-json.ts'

export function keyResendRoutes(deps: { trial: TrialDeps; trustProxy: TrustProxy }): Hono {
  const app = new Hono()
  app.post(api.keyResend, async (c) => {
    const request = await readValidBody(c, KeyResendSchema, 2 * 1024)
    try {
      await resendKey(deps.trial, request, clientInfo(c, deps.trustProxy))
    } catch (error) {
      throw refusal(c, error)
    }
    return c.json({ status: 'accepted' } satisfies KeyResendResponse, 202)
  })
  return app
}
