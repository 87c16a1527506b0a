/**
 * The confirmation link a request past the claim breaker gets by e-mail (docs/product.md, "Trust under abuse"):
 * `GET /api/trial-confirmations?token=…` only shows a page with one button, which posts the
 * token back to `POST /api/trial-confirmations`; that claims and mails the key (or mails a valid
 * one again) and sends the visitor to the thank-you page, or with the pool empty offers the
 * waitlist on a small page whose button posts to `…/waitlist`. A GET or HEAD never spends the
 * link: mail scanners and link previews open links before the person does. HTML without scripts,
 * in the site's frame (http/page-frame.tsx): it is opened from a mail client, and works the same
 * in every browser.
 */
import { Hono, type Context } from 'hono'
import { MODEL_LABELS } from '#src/common/models.ts'
import { api, routes } from '#src/common/paths.ts'
import type { PublicSettings } from '#src/common/site/settings.ts'
import { framedPage, type FramedPage } from '../http/page-frame.tsx'
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

const EYEBROW = 'Free trial'

function page(
  c: Context,
  settings: PublicSettings,
  status: 200 | 400,
  content: Omit<FramedPage, 'eyebrow'>,
) {
  return c.html(framedPage(settings, { eyebrow: EYEBROW, ...content }), status)
}

const expired = (c: Context, settings: PublicSettings) =>
  page(c, settings, 400, {
    title: 'This link no longer works',
    paragraphs: [
      'The confirmation link has expired or is not complete. Please request your trial again from the site.',
    ],
    form: undefined,
  })

export function trialConfirmationRoutes(deps: {
  trial: TrialDeps
  settings: PublicSettings
}): Hono {
  const { settings } = deps
  const app = new Hono()

  app.get(api.trialConfirmations, (c) => {
    const token = c.req.query('token') ?? ''
    if (!TOKEN.test(token)) return expired(c, settings)
    return page(c, settings, 200, {
      title: 'Confirm your trial request',
      paragraphs: [
        'One more step: confirm that you asked for a free trial, and we will e-mail your download link and trial key.',
      ],
      form: { action: api.trialConfirmations, token, button: 'Confirm and send my key' },
    })
  })

  app.post(api.trialConfirmations, async (c) => {
    const token = await postedToken(c)
    if (!token) return expired(c, settings)
    const result = await confirmTrial(deps.trial, token)
    if (result.status === 'invalid') return expired(c, settings)
    if (result.status === 'key') return c.redirect(routes.thankYou(result.model), 303)
    return page(c, settings, 200, {
      title: 'All trial seats are taken right now',
      paragraphs: [
        `Thank you for confirming. Every ${MODEL_LABELS[result.model]} trial seat is taken at the moment. Join the waitlist and we will e-mail you as soon as new seats open.`,
      ],
      form: { action: `${api.trialConfirmations}/waitlist`, token, button: 'Join the waitlist' },
    })
  })

  app.post(`${api.trialConfirmations}/waitlist`, async (c) => {
    const token = await postedToken(c)
    if (!token || !(await joinWaitlistByConfirmation(deps.trial, token)))
      return expired(c, settings)
    return page(c, settings, 200, {
      title: 'You are on the waitlist',
      paragraphs: ['We will e-mail you as soon as a trial seat opens.'],
    })
  })
  return app
}
