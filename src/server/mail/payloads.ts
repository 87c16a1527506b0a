/**
 * What each kind of e-mail's outbox payload holds, the settings an e-mail reads and what
 * rendering gives. Types only: the services that enqueue mail, mails.tsx that draws it and
 * templates.ts that checks a stored payload all stand on this module, not on each other.
 */
import type { Model } from '#src/common/models.ts'
import type { PublicSettings } from '#src/common/site/settings.ts'

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

/** The confirmation on joining the waitlist. */
export interface WaitlistJoinedMailPayload {
  firstName: string
  lastName: string
  model: Model
  /** The other model, offered because it still had keys when the visitor joined; else null. */
  otherModel: Model | null
}

/** To the operator: someone asked for an invoice (docs/product.md, "Buying"). */
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

export interface BreakerMailPayload {
  model: Model
  claims: number
  threshold: number
  windowMs: number
  /** Keys left, and days of supply at the last day's rate (null: none claimed in a day). */
  available?: number
  daysOfSupply?: number | null
}

export interface LowSupplyMailPayload {
  model: Model
  available: number
  claimedLastDay: number
  daysOfSupply: number
  thresholdDays: number
}

/** An alert to the operator (alerts/alert-service.ts): the webhook's text, by e-mail. */
export interface AlertMailPayload {
  kind: string
  state: 'firing' | 'resolved'
  text: string
}

/** NOTIFY_SALES: a paid order (orders/sale-notices.ts); no key, no buyer address. */
export interface SaleNoticeMailPayload {
  reference: string
  provider: string
  model: Model | null
  amountMinor: number | null
  currency: string | null
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

/** A paid order's keys (docs/product.md, "Paid orders"). */
export interface OrderKeysMailPayload {
  orderId: string
  reference: string
  firstName: string
  model: Model
  keys: string[]
  /**
   * The paid model's download (PAID_DOWNLOAD_URL_*, else the trial's), fixed when the e-mail is
   * queued; null: none. Absent (a row queued before it was carried): the trial's download.
   */
  downloadUrl?: string | null
  /** `orders resend`: the same keys again, said so. */
  resend?: boolean
}

/** To a buyer about an order: its key follows (order-waiting), or it was refunded. */
export interface OrderNoticeMailPayload {
  orderId: string
  reference: string
  firstName: string
  model: Model
}

/** To the operator about an order. Names no buyer: `orders list` shows who. */
export interface OrderAlertMailPayload {
  alert: 'empty-pool' | 'unmatched' | 'refund' | 'order-needs-review'
  /** order-needs-review: how many keys the order asked for. */
  quantity?: number
  orderId: string
  reference: string
  provider: string
  model: Model | null
  productRef: string
  /** refund: the keys to block in the model's online validation. */
  keys: string[]
}

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
