/**
 * The confirmation link a request past the claim breaker gets by e-mail (docs/product.md, "Trust under abuse"):
 * `GET /api/trial-confirmations?token=…` only shows a page with one button, which posts the
 * token back to `POST /api/trial-confirmations`; that claims and mails the key (or mails a valid
 * one again) and sends the visitor to the thank-you page, or with the pool empty offers the
 * waitlist on a small page whose button posts to `…/waitlist`. A GET or HEAD never spends the
 * link: mail scanners and link previews open links before the person does. Plain HTML without
 * scripts: it is opened from a mail client, and works the same in every browser.
 */
import { Hono, type Context } from 'hono'
import { MODEL_LABELS } from '#src/common/models.ts'
import { api, routes } from '#src/common/paths.ts'
import { escapeHtml } from '../mail/templates.ts'
import { confirmTrial, joinWaitlistByConfirmation } from './confirmation-service.ts'
import type { TrialDeps } from './trial-service.ts'
import { readFormBody } from '../http/read-json.ts'

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/
/** A form of ours holds one token: anything longer is not from our page. */
const FORM_LIMIT_BYTES = 2048

/** The token a page of ours posted, or '' when the body is not that form. */
async function postedToken(c: Context): Promise<string> {
  const form = await readFormBody(c, FORM_LIMIT_BYTES).catch(() => null)
  const token = form?.get('token') ?? ''
  return TOKEN.test(token) ? token : ''
}

function page(c: Context, status: 200 | 400, title: string, body: string) {
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2937">` +
      `<h1 style="font-size:1.5rem;color:#0f2a4a">${escapeHtml(title)}</h1>${body}` +
      `<p><a href="${routes.home}">Back to the site</a></p></body></html>`,
    status,
  )
}

const expired = (c: Context) =>
  page(
    c,
    400,
    'This link no longer works',
    '<p>The confirmation link has expired or is not complete. Please request your trial again from the site.</p>',
  )

export function trialConfirmationRoutes(deps: { trial: TrialDeps }): Hono {
  const app = new Hono()

  app.get(api.trialConfirmations, (c) => {
    const token = c.req.query('token') ?? ''
    if (!TOKEN.test(token)) return expired(c)
    return page(
      c,
      200,
      'Confirm your trial request',
      '<p>One more step: confirm that you asked for a free trial, and we will e-mail your activation key.</p>' +
        `<form method="post" action="${api.trialConfirmations}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Confirm and send my key</button></form>`,
    )
  })

  app.post(api.trialConfirmations, async (c) => {
    const token = await postedToken(c)
    if (!token) return expired(c)
    const result = await confirmTrial(deps.trial, token)
    if (result.status === 'invalid') return expired(c)
    if (result.status === 'key') return c.redirect(routes.thankYou(result.model), 303)
    return page(
      c,
      200,
      'All trial seats are taken right now',
      `<p>Thank you for confirming. Every ${escapeHtml(MODEL_LABELS[result.model])} trial seat is taken at the moment. Join the waitlist and we will e-mail you as soon as new seats open.</p>` +
        `<form method="post" action="${api.trialConfirmations}/waitlist"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Join the waitlist</button></form>`,
    )
  })

  app.post(`${api.trialConfirmations}/waitlist`, async (c) => {
    const token = await postedToken(c)
    if (!token || !(await joinWaitlistByConfirmation(deps.trial, token))) return expired(c)
    return page(
      c,
      200,
      'You are on the waitlist',
      '<p>We will e-mail you as soon as a trial seat opens.</p>',
    )
  })
  return app
}
