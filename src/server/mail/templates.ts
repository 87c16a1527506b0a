/**
 * The e-mails we send (docs/product.md, "Mail"): renderOutboxMail checks an outbox row's payload (its
 * shape per kind in payloads.ts) and renders it. Each e-mail is one React tree
 * (mails.tsx) that gives both the HTML and the text part (render.ts); its words are in copy.ts.
 * React escapes everything a visitor typed; links come from the operator's settings and
 * PUBLIC_URL, and only http(s) or mailto links are ever written into an href.
 */
import { isModel } from '#src/common/models.ts'
import {
  renderAlertMail,
  renderSaleNoticeMail,
  renderBreakerMail,
  renderLowSupplyMail,
  renderConfirmMail,
  renderOperatorSignInMail,
  renderOrderAlertMail,
  renderOrderKeysMail,
  renderOrderRefundedMail,
  renderOrderWaitingMail,
  renderPurchaseConfirmationMail,
  renderPurchaseRequestMail,
  renderReminderMail,
  renderTrialMail,
  renderWaitlistJoinedMail,
  renderWaitlistMail,
} from './mails.tsx'
import type { MailSettings, RenderedMail } from './payloads.ts'

export { escapeHtml } from './render.ts'
export { renderTrialMail, renderWaitlistMail }

export class UnknownMailError extends Error {}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : []

/**
 * Renders an outbox row's payload; throws UnknownMailError for a kind or payload we cannot send.
 * `now` dates the trial's end in a key e-mail: the day the mail is rendered, plus the trial.
 */
export function renderOutboxMail(
  kind: string,
  payload: Record<string, unknown>,
  settings: MailSettings,
  publicUrl: string,
  now = new Date(),
): RenderedMail {
  const str = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : '')
  if (kind === 'operator-sign-in') {
    if (!str('token')) throw new UnknownMailError('sign-in mail without a token')
    const minutes = typeof payload.validMinutes === 'number' ? payload.validMinutes : 15
    return renderOperatorSignInMail(
      { token: str('token'), validMinutes: minutes },
      settings,
      publicUrl,
    )
  }
  if (kind === 'order-alert') {
    const alert = payload.alert
    if (
      alert !== 'empty-pool' &&
      alert !== 'unmatched' &&
      alert !== 'refund' &&
      alert !== 'order-needs-review'
    )
      throw new UnknownMailError('order alert of no known kind')
    return renderOrderAlertMail(
      {
        alert,
        orderId: str('orderId'),
        reference: str('reference'),
        provider: str('provider'),
        model: isModel(payload.model) ? payload.model : null,
        productRef: str('productRef'),
        keys: stringList(payload.keys),
        quantity: typeof payload.quantity === 'number' ? payload.quantity : undefined,
      },
      settings,
      publicUrl,
    )
  }
  if (kind === 'alert') {
    const state = payload.state
    if ((state !== 'firing' && state !== 'resolved') || !str('text') || !str('kind'))
      throw new UnknownMailError('alert without a state, kind or text')
    return renderAlertMail({ kind: str('kind'), state, text: str('text') }, settings, publicUrl)
  }
  if (kind === 'sale-notice') {
    if (!str('reference')) throw new UnknownMailError('sale notice without an order reference')
    return renderSaleNoticeMail(
      {
        reference: str('reference'),
        provider: str('provider'),
        model: isModel(payload.model) ? payload.model : null,
        amountMinor: typeof payload.amountMinor === 'number' ? payload.amountMinor : null,
        currency: str('currency') || null,
      },
      settings,
      publicUrl,
    )
  }
  const model = payload.model
  if (!isModel(model)) throw new UnknownMailError(`payload has no valid model`)
  if (kind === 'order-keys') {
    const keys = stringList(payload.keys)
    if (keys.length === 0) throw new UnknownMailError('order mail without keys')
    return renderOrderKeysMail(
      {
        orderId: str('orderId'),
        reference: str('reference'),
        firstName: str('firstName'),
        model,
        keys,
        ...(payload.downloadUrl === null || typeof payload.downloadUrl === 'string'
          ? { downloadUrl: payload.downloadUrl || null }
          : {}),
        resend: payload.resend === true,
      },
      settings,
      publicUrl,
    )
  }
  if (kind === 'order-waiting' || kind === 'order-refunded') {
    const notice = {
      orderId: str('orderId'),
      reference: str('reference'),
      firstName: str('firstName'),
      model,
    }
    return kind === 'order-waiting'
      ? renderOrderWaitingMail(notice, settings, publicUrl)
      : renderOrderRefundedMail(notice, settings, publicUrl)
  }
  const person = { firstName: str('firstName'), lastName: str('lastName'), model }
  if (kind === 'trial') {
    if (!str('activationKey')) throw new UnknownMailError('trial mail without a key')
    return renderTrialMail(
      { ...person, activationKey: str('activationKey'), resend: payload.resend === true },
      settings,
      publicUrl,
      now,
    )
  }
  if (kind === 'waitlist') {
    return renderWaitlistMail(
      { ...person, activationKey: str('activationKey') || null },
      settings,
      publicUrl,
      now,
    )
  }
  if (kind === 'waitlist-joined') {
    const other = payload.otherModel
    return renderWaitlistJoinedMail(
      { ...person, otherModel: isModel(other) && other !== model ? other : null },
      settings,
      publicUrl,
    )
  }
  if (kind === 'confirm') {
    if (!str('token')) throw new UnknownMailError('confirmation mail without a token')
    return renderConfirmMail({ ...person, token: str('token') }, settings, publicUrl)
  }
  if (kind === 'trial-reminder') {
    const endsAt = new Date(str('endsAt'))
    if (!str('stopToken') || Number.isNaN(endsAt.getTime()))
      throw new UnknownMailError('reminder without its end or stop token')
    return renderReminderMail(
      {
        ...person,
        endsAt: str('endsAt'),
        today: payload.today === true,
        stopToken: str('stopToken'),
      },
      settings,
      publicUrl,
    )
  }
  if (kind === 'breaker') {
    const num = (key: string) => (typeof payload[key] === 'number' ? (payload[key] as number) : 0)
    return renderBreakerMail(
      {
        model,
        claims: num('claims'),
        threshold: num('threshold'),
        windowMs: num('windowMs'),
        ...(typeof payload.available === 'number'
          ? { available: payload.available, daysOfSupply: payload.daysOfSupply as number | null }
          : {}),
      },
      settings,
      publicUrl,
    )
  }
  if (kind === 'low-supply') {
    const num = (key: string) => (typeof payload[key] === 'number' ? (payload[key] as number) : 0)
    return renderLowSupplyMail(
      {
        model,
        available: num('available'),
        claimedLastDay: num('claimedLastDay'),
        daysOfSupply: num('daysOfSupply'),
        thresholdDays: num('thresholdDays'),
      },
      settings,
      publicUrl,
    )
  }
  if (kind === 'purchase-request') {
    const buyer = (payload.buyer ?? {}) as Record<string, unknown>
    const field = (key: string) => (typeof buyer[key] === 'string' ? (buyer[key] as string) : '')
    if (!field('email')) throw new UnknownMailError('purchase request without an e-mail')
    return renderPurchaseRequestMail(
      {
        requestId: str('requestId'),
        model,
        buyer: {
          firstName: field('firstName'),
          lastName: field('lastName'),
          email: field('email'),
          company: field('company'),
          message: field('message'),
        },
      },
      settings,
      publicUrl,
    )
  }
  if (kind === 'purchase-confirmation') {
    return renderPurchaseConfirmationMail(
      { ...person, requestId: str('requestId') },
      settings,
      publicUrl,
    )
  }
  throw new UnknownMailError(`unknown mail kind ${JSON.stringify(kind)}`)
}
