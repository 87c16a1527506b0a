/**
 * "Request an invoice" (docs/product.md, "Buying"): the trial request's checks (a disposable address is
 * refused, the same limits per canonical e-mail, client address and network, on counters of
 * their own), then in one transaction the request and its two e-mails (to the operator, and a
 * receipt to the buyer) are stored together or not at all; the outbox worker is kicked after.
 */
import { randomUUID } from 'node:crypto'
import type { PurchaseRequest, PurchaseRequestResponse } from '#src/common/purchase-schema.ts'
import type { Db } from '../db/client.ts'
import { enqueueMail } from '../mail/mail-queue.ts'
import { insertPurchaseRequest } from './purchase-request-repository.ts'
import type { Logger } from '../logger.ts'
import type {
  PurchaseConfirmationMailPayload,
  PurchaseRequestMailPayload,
} from '../mail/payloads.ts'
import { canonicalEmail, checkEmailDomain } from '../guard/email-identity.ts'
import {
  enforceRequestLimits,
  hashIp,
  type ClientInfo,
  type RequestLimits,
} from '../guard/request-guard.ts'

export interface PurchaseDeps {
  db: Db
  /** The trial limits (RATE_LIMIT_EMAIL, _IP, _SUBNET), counted apart for purchases. */
  limits: RequestLimits
  ipHashSecret: string
  /** OPERATOR_EMAIL, else the support address (config.operatorAddress). */
  operatorEmail: string
  messageIdDomain: string
  logger: Logger
  onMailQueued?: () => void
}

/** Keeps invoice requests' counters apart from trial requests'. */
const LIMIT_PREFIX = 'purchase:'

/**
 * Stores the request and queues both e-mails. Throws RateLimitedError or InvalidFieldError
 * (guard/refusals.ts), which the handler maps as it does for trial requests.
 */
export async function requestPurchase(
  deps: PurchaseDeps,
  request: PurchaseRequest,
  client: ClientInfo,
): Promise<PurchaseRequestResponse> {
  checkEmailDomain(request.email)
  const emailCanonical = canonicalEmail(request.email)
  await enforceRequestLimits(deps, emailCanonical, client.ip, LIMIT_PREFIX)

  const requestId = randomUUID()
  const message = request.message ?? ''
  const toOperator: PurchaseRequestMailPayload = {
    requestId,
    model: request.model,
    buyer: {
      firstName: request.first_name,
      lastName: request.last_name,
      email: request.email,
      company: request.company,
      message,
    },
  }
  // Only the name (letters only) and the model go back to the typed address: the
  // company and the note are free text, and must not ride in our e-mail to a stranger.
  const toBuyer: PurchaseConfirmationMailPayload = {
    requestId,
    firstName: request.first_name,
    lastName: request.last_name,
    model: request.model,
  }

  await deps.db.transaction(async (tx) => {
    await insertPurchaseRequest(tx, {
      id: requestId,
      firstName: request.first_name,
      lastName: request.last_name,
      email: request.email,
      emailCanonical,
      company: request.company,
      model: request.model,
      message: message || null,
      ipHash: hashIp(deps.ipHashSecret, client.ip),
      userAgent: client.userAgent?.slice(0, 512) ?? null,
    })
    await enqueueMail(tx, {
      kind: 'purchase-request',
      to: deps.operatorEmail,
      payload: { ...toOperator },
      messageIdDomain: deps.messageIdDomain,
    })
    await enqueueMail(tx, {
      kind: 'purchase-confirmation',
      to: request.email,
      payload: { ...toBuyer },
      messageIdDomain: deps.messageIdDomain,
    })
  })

  deps.onMailQueued?.()
  deps.logger.info({ requestId, model: request.model }, 'purchase request')
  return { request_id: requestId }
}
