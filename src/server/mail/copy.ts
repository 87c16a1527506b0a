/**
 * Every word the e-mails say (docs/decisions/0010): subjects, preview lines, body text,
 * button labels. The components in mails.tsx arrange them, once, for both the HTML and the text
 * part. The pages' words live in src/web/content, which the server may not import; the facts
 * both sides state (prices, trial and money-back days, model names) come from src/common.
 *
 * A sentence with a link inside takes the link as an argument (`support(link)`), so the words
 * stay whole here and the component decides what the link looks like.
 */
import { MODEL_LABELS, MODEL_PRICES_USD, MONEY_BACK_DAYS, type Model } from '#src/common/models.ts'

// Made once: building an Intl formatter costs more than rendering the rest of an e-mail.
const NUMBER = new Intl.NumberFormat('en-US')
const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

function usd(amount: number): string {
  return `$${NUMBER.format(amount)}`
}

let lastDate = { day: '', text: '' }

/** "Thursday, December 3, 2026": the date a trial activated today runs until (UTC). */
export function longDate(date: Date): string {
  const day = date.toISOString().slice(0, 10)
  if (lastDate.day !== day) lastDate = { day, text: LONG_DATE.format(date) }
  return lastDate.text
}

const label = (model: Model) => MODEL_LABELS[model]

/** What every e-mail to a visitor shares. */
export const COMMON_COPY = {
  greeting: (firstName: string) => `Hello ${firstName},`,
  greetingNoName: 'Hello,',
  signOff: (brand: string) => `The ${brand} team`,
  support: <T>(address: T) => [
    'Questions? Write to ',
    address,
    ', or simply reply to this e-mail.',
  ],
  /** The logo's alt text; the brand name is also written beside it, for blocked images. */
  logoAlt: (brand: string) => `${brand} logo`,
  footer: (legalName: string, address: string, country: string) =>
    `${legalName}, ${address}, ${country}`,
} as const

/** The e-mail that hands over a key: after a request, again on request, or from the waitlist. */
export const KEY_MAIL_COPY = {
  subject: (brand: string, model: Model) =>
    `Your ${brand} ${label(model)} trial: download link and activation key`,
  subjectFromWaitlist: (brand: string, model: Model) =>
    `A ${brand} ${label(model)} trial seat is yours: download link and activation key`,
  preview: (model: Model) => `Your ${label(model)} download link and activation key are inside.`,
  intro: (model: Model) =>
    `Thank you for requesting the ${label(model)} model trial. Your download link and activation key are below.`,
  introAgain: (model: Model) =>
    `Here is your ${label(model)} trial key again, as you asked. It is the same key we sent you before.`,
  introFromWaitlist: (model: Model) =>
    `You asked us to tell you when trial seats for the ${label(model)} model open again. One is yours: here is your download link and activation key.`,
  download: (model: Model) => `Download the ${label(model)} trial model`,
  downloadNote: 'Windows, Excel 365',
  keyLabel: 'Your activation key',
  validity: (days: number) =>
    `The key runs the model for ${days} days from activation on one Windows machine.`,
  endDate: (date: string) => `Activate it today and your trial runs until ${date}.`,
  resourcesHeading: 'Getting started',
  setupSteps: 'Your setup steps',
  documentation: 'Setup guide and documentation',
  videos: 'Video guides',
  basicCoverSheet: 'The Basic model has its instructions on its cover sheet.',
  buyHeading: 'When the trial ends',
  buy: (model: Model) =>
    `To keep using it, buy the ${label(model)} license: ${usd(MODEL_PRICES_USD[model])} once, for one Windows machine, with a ${MONEY_BACK_DAYS}-day money-back guarantee.`,
  buyCheckout: (model: Model) => `Buy the ${label(model)} model`,
  buyInvoice: 'Request an invoice',
  buyInvoiceNote: (model: Model) =>
    `Choose Buy ${label(model)} on our pricing section and we send you an invoice (bank transfer, net 14 days).`,
} as const

/** The notice to a waiting visitor when new keys ran out before their turn. */
export const WAITLIST_NO_KEY_COPY = {
  subject: (brand: string, model: Model) => `${brand} ${label(model)} trial seats: an update`,
  preview: (model: Model) => `News about the ${label(model)} trial seats you waited for.`,
  intro: (model: Model) =>
    `You asked us to tell you when trial seats for the ${label(model)} model open again. New seats opened, but they all went to visitors who joined the waitlist before you. Reply to this e-mail and we will arrange a trial with you personally.`,
} as const

/** The confirmation on joining the waitlist. */
export const WAITLIST_JOINED_COPY = {
  subject: (brand: string, model: Model) => `You are on the ${brand} ${label(model)} waitlist`,
  preview: (model: Model) => `We will e-mail you a ${label(model)} trial key when keys are back.`,
  intro: (model: Model) =>
    `You are on the waitlist for the ${label(model)} model. Every ${label(model)} trial key is taken for now; when keys are back, you get yours by e-mail, in the order people joined. There is nothing more to do.`,
  other: (other: Model) =>
    `Would the ${label(other)} model do for now? It still has trial keys, and you can ask for one at once.`,
  otherAction: (other: Model) => `Request the ${label(other)} trial`,
  notYou: 'If you did not ask to join, reply to this e-mail and we take the address off the list.',
} as const

/**
 * Past the claim breaker, a form sent too fast or a domain's burst: the key comes after the
 * visitor follows the link (docs/product.md, "Trust under abuse"). The words fit every case.
 */
export const CONFIRM_COPY = {
  subject: (brand: string, model: Model) => `Confirm your ${brand} ${label(model)} trial request`,
  preview: 'One click, and your download link and activation key are on their way.',
  intro: (model: Model) =>
    `Thank you for requesting the ${label(model)} model trial. To make sure the request comes from you, please confirm it: follow the link below and we will e-mail your download link and activation key at once.`,
  action: 'Confirm my trial request',
  ignore: 'If you did not ask for a trial, ignore this e-mail; nothing will be sent.',
} as const

/** A breaker's window in words: `60 minutes`, `24 hours`, `7 days`. */
function spanOf(minutes: number): string {
  if (minutes >= 2880 && minutes % 1440 === 0) return `${minutes / 1440} days`
  if (minutes >= 120 && minutes % 60 === 0) return `${minutes / 60} hours`
  return `${minutes} minutes`
}

/** The operator's alert, once per breaker episode. */
export const BREAKER_COPY = {
  subject: (brand: string, model: Model) => `[${brand}] Claim breaker tripped for ${label(model)}`,
  tripped: (model: Model, claims: number, minutes: number, threshold: number) =>
    `The claim breaker for the ${label(model)} model has tripped: ${claims} keys were claimed in the last ${spanOf(minutes)} (threshold ${threshold}).`,
  meanwhile:
    'Until the rate drops below the threshold, new trial requests for this model get a confirmation link by e-mail and a key only after following it.',
  next: 'Check `npm run admin -- licenses stats` for the pool and the breaker, and `leads export` for who asked. CLAIM_BREAKER sets the threshold (docs/operations.md).',
  supply: (available: number, days: number | null) =>
    days === null
      ? `${available} keys are left in the pool.`
      : `${available} keys are left in the pool: about ${days} days of supply at the last day's rate.`,
} as const

/** The operator's alert when a model's days of supply drop below LOW_SUPPLY_DAYS, once per episode. */
export const LOW_SUPPLY_COPY = {
  subject: (brand: string, model: Model) => `[${brand}] ${label(model)} trial keys running low`,
  low: (model: Model, available: number, claimed: number, days: number, threshold: number) =>
    `The ${label(model)} pool has ${available} trial keys left and ${claimed} were claimed in the last day: about ${days} days of supply, below the ${threshold} days LOW_SUPPLY_DAYS asks for.`,
  next: 'Import more keys (`npm run admin -- licenses import`), or check `leads export` for who asked if the rate looks wrong. This alert comes again only after supply has recovered and dropped once more.',
} as const

/** The console's one-time sign-in link (docs/product.md, "Operator console"). */
export const SIGN_IN_COPY = {
  subject: (brand: string) => `Your ${brand} console sign-in link`,
  intro: (brand: string) => `Sign in to the ${brand} operator console:`,
  action: 'Sign in to the console',
  note: (minutes: number) =>
    `The link works once, for ${minutes} minutes. If you did not ask to sign in, ignore this e-mail: nothing happens without the link.`,
} as const

/** To the operator: someone asked for an invoice (docs/product.md, "Buying"). */
export const PURCHASE_REQUEST_COPY = {
  subject: (model: Model, company: string) =>
    `Invoice request: ${label(model)} model for ${company}`,
  intro: 'Someone asked for an invoice. Reply to this e-mail to answer them.',
  rows: {
    model: 'Model',
    name: 'Name',
    email: 'E-mail',
    company: 'Company',
    request: 'Request',
  },
  modelValue: (model: Model) => `${label(model)} (${usd(MODEL_PRICES_USD[model])})`,
  message: 'Message',
} as const

/** To the buyer: the request arrived; nothing free-form they typed is repeated. */
export const PURCHASE_CONFIRMATION_COPY = {
  subject: (brand: string, model: Model) => `Your ${brand} ${label(model)} invoice request`,
  preview: 'We have your request; the invoice follows within one business day.',
  intro: (model: Model) =>
    `Thank you for your request to buy the ${label(model)} model (${usd(MODEL_PRICES_USD[model])}, one license, one-time).`,
  next: `We will send the invoice within one business day. Once it is paid, you receive the full model and your license key by e-mail. The ${MONEY_BACK_DAYS}-day money-back guarantee starts on that day.`,
  reference: (requestId: string) => `Your reference: ${requestId}`,
} as const

/** A paid order's keys (docs/product.md "Paid orders"): one machine per key, the money-back terms. */
export const ORDER_KEYS_COPY = {
  subject: (brand: string, model: Model, count: number) =>
    `Your ${brand} ${label(model)} license ${count === 1 ? 'key' : 'keys'}`,
  subjectAgain: (brand: string, model: Model, count: number) =>
    `Your ${brand} ${label(model)} license ${count === 1 ? 'key' : 'keys'} (sent again)`,
  preview: (model: Model) => `Your ${label(model)} download link and license key are inside.`,
  intro: (model: Model, count: number) =>
    `Thank you for buying the ${label(model)} model. Your download link and ${count === 1 ? 'license key are' : `${count} license keys are`} below.`,
  introAgain: (model: Model) =>
    `Here are your ${label(model)} license keys again, as asked. They are the same keys we sent you before.`,
  download: (model: Model) => `Download the ${label(model)} model`,
  downloadNote: 'Windows, Excel 365',
  keysLabel: (count: number) => (count === 1 ? 'Your license key' : 'Your license keys'),
  machines: (count: number) =>
    count === 1
      ? 'The key activates the model on one Windows machine.'
      : `Each key activates the model on one Windows machine (${count} machines in all).`,
  moneyBackHeading: `${MONEY_BACK_DAYS}-day money-back guarantee`,
  moneyBack: `If the model is not right for you, write to us within ${MONEY_BACK_DAYS} days of this e-mail for a full refund. We ask you to deactivate the key first and send us the deactivation certificate the model shows when you do.`,
  reference: (reference: string) => `Your order reference: ${reference}`,
} as const

/** The paid pool of the model is empty: the key follows. */
export const ORDER_WAITING_COPY = {
  subject: (brand: string, model: Model) => `Your ${brand} ${label(model)} order: your key follows`,
  preview: 'Thank you for your order; your license key follows within one business day.',
  intro: (model: Model) =>
    `Thank you for buying the ${label(model)} model. Your payment arrived. Your license key follows within one business day, by e-mail to this address, with the download link.`,
  reference: (reference: string) => `Your order reference: ${reference}`,
} as const

/** The buyer's refund confirmation. */
export const ORDER_REFUNDED_COPY = {
  subject: (brand: string, model: Model) => `Your ${brand} ${label(model)} refund`,
  preview: 'Your refund is on its way.',
  intro: (model: Model) =>
    `Your payment for the ${label(model)} model has been refunded; it reaches your account as your payment provider processes it. The license key of this order no longer works.`,
  reference: (reference: string) => `Your order reference: ${reference}`,
} as const

/** The operator's alerts about orders. */
export const ORDER_ALERT_COPY = {
  emptyPoolSubject: (brand: string, model: Model) =>
    `[${brand}] No paid ${label(model)} keys left: an order is waiting`,
  emptyPool: (model: Model, reference: string) =>
    `Order ${reference} for the ${label(model)} model found no paid key left; the buyer was told the key follows within one business day. Further orders wait too; this alert goes once until paid keys are imported.`,
  emptyPoolNext:
    "Import paid keys (the console's Keys page, pool Paid, or the command below). Waiting orders get their keys at once, oldest first.",
  emptyPoolCommand: (model: Model) =>
    `npm run admin -- licenses import --model ${model} --pool paid FILE`,
  unmatchedSubject: (brand: string, reference: string) =>
    `[${brand}] Order ${reference}: product not in PAID_PRODUCTS`,
  unmatched: (provider: string, product: string, reference: string) =>
    `Order ${reference} (${provider}) was paid for product ${product || '(none)'}, which PAID_PRODUCTS maps to no model. No key went out.`,
  unmatchedNext:
    "Add the product to PAID_PRODUCTS (provider:id=model), restart, then send the keys from the console's Orders page (Reprocess) or with:",
  unmatchedCommand: (id: string) => `npm run admin -- orders reprocess --order ${id}`,
  needsReviewSubject: (brand: string, reference: string) =>
    `[${brand}] Order ${reference} needs review: more keys than ORDER_MAX_KEYS`,
  needsReview: (reference: string, quantity: number, max: string) =>
    `Order ${reference} was paid for ${quantity} keys, more than one order may take (ORDER_MAX_KEYS${max}). No key went out; the order waits as needs_review. Check the order with the buyer and the payment provider, then send its keys from the console's Orders page or with:`,
  refundSubject: (brand: string, reference: string) => `[${brand}] Order ${reference} refunded`,
  refund: (reference: string, model: Model | null) =>
    `Order ${reference}${model ? ` (${label(model)})` : ''} was refunded or its dispute lost. Its keys are revoked here; block them in the model's online validation:`,
  refundNoKeys: (reference: string) =>
    `Order ${reference} was refunded before any key went out; nothing to block.`,
  order: (id: string) => `Order id: ${id}`,
} as const

/** The operator's alerts (docs/operations.md, "Alerts"): the same text the webhook posts. */
export const ALERT_COPY = {
  subject: (brand: string, state: 'firing' | 'resolved', kind: string) =>
    `[${brand}] ${state === 'firing' ? 'Alert' : 'Resolved'}: ${kind}`,
  note: 'The same alert goes to ALERT_WEBHOOK_URL when it is set, once when it starts and once when it ends.',
} as const

/** NOTIFY_SALES: a paid order, for the operator; never the key or the buyer's address. */
export const SALE_NOTICE_COPY = {
  subject: (brand: string, model: Model | null, amount: string) =>
    `[${brand}] Sale: ${model ? label(model) : 'unmatched product'}${amount ? `, ${amount}` : ''}`,
  sold: (model: Model | null, amount: string, provider: string, reference: string) =>
    `Order ${reference} (${provider}) was paid${amount ? `: ${amount}` : ''} for the ${model ? `${label(model)} model` : 'a product PAID_PRODUCTS does not map'}.`,
  next: 'The buyer gets the key by e-mail as usual; `npm run admin -- orders list` shows the order. NOTIFY_SALES=off stops these notices.',
} as const

/** An amount in minor units as a price: `USD 2,899.00`; '' when the provider gave none. */
export function money(amountMinor: number | null, currency: string | null): string {
  if (amountMinor === null) return ''
  const major = (amountMinor / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  return `${(currency ?? '').toUpperCase()} ${major}`.trim()
}

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
})

/**
 * A trial reminder (TRIAL_REMINDERS): a service notice about the trial the visitor asked for,
 * with the price and how to buy, and nothing else to sell (docs/product.md, "From trial to
 * customer"). Dates are UTC, like the trial's end in the key e-mail.
 */
export const REMINDER_COPY = {
  /** "Your Advanced trial ends on 7 December". */
  subject: (model: Model, endsAt: Date) =>
    `Your ${label(model)} trial ends on ${DAY_MONTH.format(endsAt)}`,
  preview: (model: Model, endsAt: Date, today: boolean) =>
    today
      ? `Your ${label(model)} trial key stops working today.`
      : `Your ${label(model)} trial key works until ${DAY_MONTH.format(endsAt)}.`,
  intro: (model: Model, endsAt: Date, today: boolean) =>
    today
      ? `Your ${label(model)} model trial ends today, ${longDate(endsAt)}. After that the trial key no longer opens the model.`
      : `Your ${label(model)} model trial ends on ${longDate(endsAt)}. After that the trial key no longer opens the model.`,
  price: (model: Model) =>
    `To keep working with it, a ${label(model)} license costs ${usd(MODEL_PRICES_USD[model])}, with a ${MONEY_BACK_DAYS}-day money-back guarantee.`,
  buyCheckout: (model: Model) => `Buy the ${label(model)} model`,
  buyInvoice: 'Request an invoice',
  why: 'You get this notice because you asked for this trial. We send at most two about it.',
  stop: <T>(link: T) => ['Stop these reminders: ', link],
  stopLabel: 'stop reminders',
} as const
