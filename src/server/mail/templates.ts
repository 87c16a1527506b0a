/**
 * The e-mails we send (DESIGN.md §7): what each kind's outbox payload holds, and
 * renderOutboxMail, which checks a payload and renders it. Each e-mail is one React tree
 * (mails.tsx) that gives both the HTML and the text part (render.ts); its words are in copy.ts.
 * React escapes everything a visitor typed; links come from the operator's settings and
 * PUBLIC_URL, and only http(s) or mailto links are ever written into an href.
 */
import { isModel, type Model } from '#src/common/models.ts'
import type { PublicSettings } from '#src/common/site/settings.ts'
import {
  renderBreakerMail,
  renderConfirmMail,
  renderOperatorSignInMail,
  renderPurchaseConfirmationMail,
  renderPurchaseRequestMail,
  renderReminderMail,
  renderTrialMail,
  renderWaitlistJoinedMail,
  renderWaitlistMail,
} from './mails.tsx'

export { escapeHtml } from './render.ts'
export { renderTrialMail, renderWaitlistMail }

export interface RenderedMail {
  subject: string
  text: string
  html: string
  /** Replies go here instead of the support address (the operator answers the buyer). */
  replyTo?: string
  /** Extra header fields: a reminder's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>
}

export interface TrialMailPayload {
  firstName: string
  lastName: string
  model: Model
  activationKey: string
  /** The visitor asked again while the key was valid: same key, said so. */
  resend?: boolean
}

export interface WaitlistMailPayload {
  firstName: string
  lastName: string
  model: Model
  /** A key from the refilled pool, or null when the pool ran out before this visitor's turn. */
  activationKey: string | null
}

/** The confirmation on joining the waitlist (issue 13). */
export interface WaitlistJoinedMailPayload {
  firstName: string
  lastName: string
  model: Model
  /** The other model, offered because it still had keys when the visitor joined; else null. */
  otherModel: Model | null
}

/** To the operator: someone asked for an invoice (DESIGN.md §15). */
export interface PurchaseRequestMailPayload {
  requestId: string
  model: Model
  buyer: { firstName: string; lastName: string; email: string; company: string; message: string }
}

/** To the buyer: we have the request and will send the invoice. Nothing free-form they typed. */
export interface PurchaseConfirmationMailPayload {
  requestId: string
  firstName: string
  lastName: string
  model: Model
}

export interface ConfirmMailPayload {
  firstName: string
  lastName: string
  model: Model
  /** The confirmation token; the link is built from PUBLIC_URL when the mail is rendered. */
  token: string
}

/** A trial reminder: its trial's end, and the token of its one-click stop link. */
export interface ReminderMailPayload {
  firstName: string
  lastName: string
  model: Model
  /** ISO time the trial key stops working. */
  endsAt: string
  /** True on the day the trial ends (offset 0). */
  today: boolean
  stopToken: string
}

export interface BreakerMailPayload {
  model: Model
  claims: number
  threshold: number
  windowMs: number
}

export interface OperatorSignInMailPayload {
  /** The one-time token; only its hash is kept with the operator's sign-in links. */
  token: string
  validMinutes: number
}

export type MailSettings = Pick<
  PublicSettings,
  | 'brandName'
  | 'supportEmail'
  | 'downloadUrls'
  | 'documentationUrl'
  | 'videoTutorialsUrl'
  | 'checkoutUrls'
  | 'company'
>

export class UnknownMailError extends Error {}

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
  const model = payload.model
  if (!isModel(model)) throw new UnknownMailError(`payload has no valid model`)
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
      { model, claims: num('claims'), threshold: num('threshold'), windowMs: num('windowMs') },
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
