/**
 * The e-mails we send (DESIGN.md §7), in HTML and plain text. Everything a visitor typed goes
 * through escapeHtml in the HTML part; links come from the operator's settings and PUBLIC_URL,
 * and only http(s) or mailto links are ever written into an href.
 */
import { MODEL_LABELS, MODEL_PRICES_USD, isModel, type Model } from '#src/common/models.ts'
import { adminRoutes, anchors, api, routes } from '#src/common/paths.ts'
import type { PublicSettings } from '#src/common/site/settings.ts'
import { TRIAL_VALID_DAYS } from '../licenses/license-service.ts'

interface RenderedMail {
  subject: string
  text: string
  html: string
  /** Replies go here instead of the support address (the operator answers the buyer). */
  replyTo?: string
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

export type MailSettings = Pick<
  PublicSettings,
  | 'brandName'
  | 'supportEmail'
  | 'downloadUrls'
  | 'documentationUrl'
  | 'videoTutorialsUrl'
  | 'checkoutUrls'
>

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

function safeHref(url: string): string | null {
  return /^(https?:\/\/|mailto:)/i.test(url) ? url : null
}

function link(url: string, label: string): string {
  const href = safeHref(url)
  return href
    ? `<a href="${escapeHtml(href)}" style="color:#1d4ed8">${escapeHtml(label)}</a>`
    : escapeHtml(label)
}

function layout(brand: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(brand)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-weight:600;color:#0f2a4a">${escapeHtml(brand)}</p>
${bodyHtml}
</div></body></html>`
}

function keyBlock(key: string): string {
  return `<p style="margin:16px 0;padding:16px;background:#f1f5f9;border-radius:6px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:18px;letter-spacing:1px;text-align:center">${escapeHtml(key)}</p>`
}

function resources(
  model: Model,
  settings: MailSettings,
  publicUrl: string,
): { html: string; text: string[] } {
  const download = settings.downloadUrls[model]
  const thankYou = publicUrl + routes.thankYou(model)
  const html: string[] = []
  const text: string[] = []
  if (download) {
    html.push(
      `<li>${link(download, `Download the ${MODEL_LABELS[model]} trial model`)} (Windows, Excel 365)</li>`,
    )
    text.push(`- Download the ${MODEL_LABELS[model]} trial model (Windows, Excel 365): ${download}`)
  }
  html.push(`<li>${link(thankYou, 'Your setup steps')}</li>`)
  text.push(`- Your setup steps: ${thankYou}`)
  if (settings.documentationUrl) {
    html.push(`<li>${link(settings.documentationUrl, 'Setup guide and documentation')}</li>`)
    text.push(`- Setup guide and documentation: ${settings.documentationUrl}`)
  }
  if (settings.videoTutorialsUrl) {
    html.push(`<li>${link(settings.videoTutorialsUrl, 'Video guides')}</li>`)
    text.push(`- Video guides: ${settings.videoTutorialsUrl}`)
  }
  if (model === 'basic') {
    html.push('<li>The Basic model has its instructions on its cover sheet.</li>')
    text.push('- The Basic model has its instructions on its cover sheet.')
  }
  return { html: `<ul style="padding-left:20px">${html.join('')}</ul>`, text }
}

function usd(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`
}

/** How to buy the model after the trial (DESIGN.md §15): its checkout, or an invoice. */
function howToBuy(
  model: Model,
  settings: MailSettings,
  publicUrl: string,
): { html: string; text: string } {
  const label = MODEL_LABELS[model]
  const checkout = settings.checkoutUrls[model]
  const url = checkout || `${publicUrl}/#${anchors.pricing}`
  const sentence = `To keep using it, buy the ${label} license: ${usd(MODEL_PRICES_USD[model])} once, 30-day money-back guarantee.`
  const action = checkout ? `Buy the ${label} model` : 'Buy or request an invoice'
  return {
    html: `<p>${escapeHtml(sentence)} ${link(url, action)}.</p>`,
    text: `${sentence} ${action}: ${url}`,
  }
}

function support(settings: MailSettings): { html: string; text: string } {
  return {
    html: `<p>Questions? Write to ${link(`mailto:${settings.supportEmail}`, settings.supportEmail)}, or simply reply to this e-mail.</p>`,
    text: `Questions? Write to ${settings.supportEmail}, or simply reply to this e-mail.`,
  }
}

/** The e-mail that hands over a key: greeting, why, the key, its validity, resources, support. */
function keyMail(
  subject: string,
  intro: string,
  payload: { firstName: string; model: Model; activationKey: string },
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  const brand = settings.brandName
  const r = resources(payload.model, settings, publicUrl)
  const b = howToBuy(payload.model, settings, publicUrl)
  const s = support(settings)
  const validity = `The key runs the model for ${TRIAL_VALID_DAYS} days from activation on one Windows machine.`
  const html = layout(
    brand,
    `<p>Hello ${escapeHtml(payload.firstName)},</p>
<p>${escapeHtml(intro)}</p>
<p style="margin-bottom:4px">Your activation key:</p>
${keyBlock(payload.activationKey)}
<p>${escapeHtml(validity)}</p>
${r.html}
${b.html}
${s.html}
<p>The ${escapeHtml(brand)} team</p>`,
  )
  const text = [
    `Hello ${payload.firstName},`,
    '',
    intro,
    '',
    `Your activation key: ${payload.activationKey}`,
    '',
    validity,
    '',
    ...r.text,
    '',
    b.text,
    '',
    s.text,
    '',
    `The ${brand} team`,
    '',
  ].join('\n')
  return { subject, text, html }
}

export function renderTrialMail(
  payload: TrialMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  const label = MODEL_LABELS[payload.model]
  const intro = payload.resend
    ? `Here is your ${label} trial key again, as you asked. It is the same key we sent you before.`
    : `Thank you for requesting the ${label} model trial. Your download link and activation key are below.`
  const subject = `Your ${settings.brandName} ${label} trial: download link and activation key`
  return keyMail(subject, intro, payload, settings, publicUrl)
}

export function renderWaitlistMail(
  payload: WaitlistMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  const label = MODEL_LABELS[payload.model]
  const brand = settings.brandName
  const s = support(settings)
  if (payload.activationKey) {
    const intro = `You asked us to tell you when trial seats for the ${label} model open again. One is yours: here is your download link and activation key.`
    const subject = `A ${brand} ${label} trial seat is yours: download link and activation key`
    return keyMail(
      subject,
      intro,
      { ...payload, activationKey: payload.activationKey },
      settings,
      publicUrl,
    )
  }
  const intro = `You asked us to tell you when trial seats for the ${label} model open again. New seats opened, but they all went to visitors who joined the waitlist before you. Reply to this e-mail and we will arrange a trial with you personally.`
  return {
    subject: `${brand} ${label} trial seats: an update`,
    html: layout(
      brand,
      `<p>Hello ${escapeHtml(payload.firstName)},</p>
<p>${escapeHtml(intro)}</p>
${s.html}
<p>The ${escapeHtml(brand)} team</p>`,
    ),
    text: [`Hello ${payload.firstName},`, '', intro, '', s.text, '', `The ${brand} team`, ''].join(
      '\n',
    ),
  }
}

export interface ConfirmMailPayload {
  firstName: string
  lastName: string
  model: Model
  /** The confirmation token; the link is built from PUBLIC_URL when the mail is rendered. */
  token: string
}

/** Past the claim breaker: the key comes after the visitor follows this link (DESIGN.md §14). */
function renderConfirmMail(
  payload: ConfirmMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  const label = MODEL_LABELS[payload.model]
  const brand = settings.brandName
  const url = publicUrl + api.trialConfirmation(payload.token)
  const s = support(settings)
  const intro = `Thank you for requesting the ${label} model trial. Many people are asking for trial keys right now, so we ask you to confirm your request: follow the link below and we will e-mail your download link and activation key at once.`
  const ignore = 'If you did not ask for a trial, ignore this e-mail; nothing will be sent.'
  return {
    subject: `Confirm your ${brand} ${label} trial request`,
    html: layout(
      brand,
      `<p>Hello ${escapeHtml(payload.firstName)},</p>
<p>${escapeHtml(intro)}</p>
<p>${link(url, 'Confirm my trial request')}</p>
<p>${escapeHtml(ignore)}</p>
${s.html}
<p>The ${escapeHtml(brand)} team</p>`,
    ),
    text: [
      `Hello ${payload.firstName},`,
      '',
      intro,
      '',
      `Confirm my trial request: ${url}`,
      '',
      ignore,
      '',
      s.text,
      '',
      `The ${brand} team`,
      '',
    ].join('\n'),
  }
}

interface BreakerMailPayload {
  model: Model
  claims: number
  threshold: number
  windowMs: number
}

/** The operator's alert, once per breaker episode. */
function renderBreakerMail(payload: BreakerMailPayload, settings: MailSettings): RenderedMail {
  const label = MODEL_LABELS[payload.model]
  const minutes = Math.round(payload.windowMs / 60_000)
  const text = [
    `The claim breaker for the ${label} model has tripped: ${payload.claims} keys were claimed in the last ${minutes} minutes (threshold ${payload.threshold}).`,
    '',
    'Until the rate drops below the threshold, new trial requests for this model get a confirmation link by e-mail and a key only after following it.',
    '',
    'Check `npm run admin -- licenses stats` for the pool and the breaker, and `leads export` for who asked. CLAIM_BREAKER sets the threshold (docs/operations.md).',
    '',
  ].join('\n')
  return {
    subject: `[${settings.brandName}] Claim breaker tripped for ${label}`,
    text,
    html: layout(
      settings.brandName,
      text
        .trim()
        .split('\n\n')
        .map((p) => `<p>${escapeHtml(p)}</p>`)
        .join('\n'),
    ),
  }
}

export interface OperatorSignInMailPayload {
  /** The one-time token; only its hash is kept with the operator's sign-in links. */
  token: string
  validMinutes: number
}

/** The console's one-time sign-in link (DESIGN.md §16). Nothing in it was typed by a visitor. */
function renderOperatorSignInMail(
  payload: OperatorSignInMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  const brand = settings.brandName
  const url = publicUrl + adminRoutes.signInLink(payload.token)
  const note = `The link works once, for ${payload.validMinutes} minutes. If you did not ask to sign in, ignore this e-mail: nothing happens without the link.`
  return {
    subject: `Your ${brand} console sign-in link`,
    html: layout(
      brand,
      `<p>Hello,</p>
<p>Sign in to the ${escapeHtml(brand)} operator console: ${link(url, 'Sign in to the console')}</p>
<p>${escapeHtml(note)}</p>`,
    ),
    text: ['Hello,', '', `Sign in to the ${brand} operator console:`, url, '', note, ''].join('\n'),
  }
}

/** Text that may hold line breaks (the buyer's message), escaped, each line kept. */
function escapeLines(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>')
}

function renderPurchaseRequestMail(
  payload: PurchaseRequestMailPayload,
  settings: MailSettings,
): RenderedMail {
  const label = MODEL_LABELS[payload.model]
  const { buyer } = payload
  const name = `${buyer.firstName} ${buyer.lastName}`
  // The subject is a header: the schema refused control characters, and nodemailer encodes it.
  const subject = `Invoice request: ${label} model for ${buyer.company}`
  const rows: Array<[string, string]> = [
    ['Model', `${label} (${usd(MODEL_PRICES_USD[payload.model])})`],
    ['Name', name],
    ['E-mail', buyer.email],
    ['Company', buyer.company],
    ['Request', payload.requestId],
  ]
  const html = layout(
    settings.brandName,
    `<p>Someone asked for an invoice. Reply to this e-mail to answer them.</p>
<table style="border-collapse:collapse;width:100%">${rows
      .map(
        ([k, v]) =>
          `<tr><th style="text-align:left;padding:6px 12px 6px 0;color:#475569;font-weight:600;vertical-align:top">${escapeHtml(k)}</th><td style="padding:6px 0">${escapeHtml(v)}</td></tr>`,
      )
      .join('')}</table>
${buyer.message ? `<p style="margin-top:16px;font-weight:600">Message</p><p style="padding:12px 16px;background:#f1f5f9;border-radius:6px">${escapeLines(buyer.message)}</p>` : ''}`,
  )
  const text = [
    'Someone asked for an invoice. Reply to this e-mail to answer them.',
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...(buyer.message ? ['', 'Message:', buyer.message] : []),
    '',
  ].join('\n')
  return { subject, text, html, replyTo: buyer.email }
}

function renderPurchaseConfirmationMail(
  payload: PurchaseConfirmationMailPayload,
  settings: MailSettings,
): RenderedMail {
  const label = MODEL_LABELS[payload.model]
  const brand = settings.brandName
  const s = support(settings)
  const subject = `Your ${brand} ${label} invoice request`
  const intro = `Thank you for your request to buy the ${label} model (${usd(MODEL_PRICES_USD[payload.model])}, one license, one-time).`
  const next =
    'We will send the invoice within one business day. Once it is paid, you receive the full model and your license key by e-mail. The 30-day money-back guarantee starts on that day.'
  const reference = `Your reference: ${payload.requestId}`
  const html = layout(
    brand,
    `<p>Hello ${escapeHtml(payload.firstName)},</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(next)}</p>
<p style="color:#475569;font-size:14px">${escapeHtml(reference)}</p>
${s.html}
<p>The ${escapeHtml(brand)} team</p>`,
  )
  const text = [
    `Hello ${payload.firstName},`,
    '',
    intro,
    '',
    next,
    '',
    reference,
    '',
    s.text,
    '',
    `The ${brand} team`,
    '',
  ].join('\n')
  return { subject, text, html }
}

export class UnknownMailError extends Error {}

/** Renders an outbox row's payload; throws UnknownMailError for a kind or payload we cannot send. */
export function renderOutboxMail(
  kind: string,
  payload: Record<string, unknown>,
  settings: MailSettings,
  publicUrl: string,
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
  if (kind === 'trial') {
    if (!str('activationKey')) throw new UnknownMailError('trial mail without a key')
    return renderTrialMail(
      {
        firstName: str('firstName'),
        lastName: str('lastName'),
        model,
        activationKey: str('activationKey'),
        resend: payload.resend === true,
      },
      settings,
      publicUrl,
    )
  }
  if (kind === 'waitlist') {
    return renderWaitlistMail(
      {
        firstName: str('firstName'),
        lastName: str('lastName'),
        model,
        activationKey: str('activationKey') || null,
      },
      settings,
      publicUrl,
    )
  }
  if (kind === 'confirm') {
    if (!str('token')) throw new UnknownMailError('confirmation mail without a token')
    return renderConfirmMail(
      { firstName: str('firstName'), lastName: str('lastName'), model, token: str('token') },
      settings,
      publicUrl,
    )
  }
  if (kind === 'breaker') {
    const num = (key: string) => (typeof payload[key] === 'number' ? (payload[key] as number) : 0)
    return renderBreakerMail(
      { model, claims: num('claims'), threshold: num('threshold'), windowMs: num('windowMs') },
      settings,
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
    )
  }
  if (kind === 'purchase-confirmation') {
    return renderPurchaseConfirmationMail(
      {
        requestId: str('requestId'),
        firstName: str('firstName'),
        lastName: str('lastName'),
        model,
      },
      settings,
    )
  }
  throw new UnknownMailError(`unknown mail kind ${JSON.stringify(kind)}`)
}
