/**
 * `/api/reminders/stop?token=...`: the trial reminders' "stop these reminders". POST is RFC
 * 8058's one-click (the mailbox provider posts `List-Unsubscribe=One-Click`): honoured at once,
 * answered without a page or a cookie. GET, the plain link in the text part, only shows a button
 * that posts: link scanners follow GETs, and must not stop anyone's reminders.
 */
import { Hono, type Context } from 'hono'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { api } from '#src/common/paths.ts'
import type { PublicSettings } from '#src/common/site/settings.ts'
import { framedPage } from '../http/page-frame.tsx'
import { stopReminders, type ReminderDeps } from './reminder-service.ts'
import { ApiProblem } from '../http/errors.ts'

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/

const EYEBROW = 'Trial reminders'

const wantsPage = (c: Context) =>
  (c.req.header('accept') ?? '').includes('text/html') &&
  !(c.req.header('content-type') ?? '').includes('json')

export function reminderStopRoutes(
  deps: Pick<ReminderDeps, 'db'> & { settings: PublicSettings },
): Hono {
  const { settings } = deps
  const app = new Hono()
  /** A link that is not (or no longer) ours: a page for a person, JSON for a mail provider. */
  const notFound = (c: Context) => {
    if (!wantsPage(c)) throw new ApiProblem(404, ERROR_CODES.notFound, 'Not found')
    return c.html(
      framedPage(settings, {
        eyebrow: EYEBROW,
        title: 'This link no longer works',
        paragraphs: [
          'The link is not complete, or its trial is no longer on file. If reminders still reach you, reply to one and we will stop them by hand.',
        ],
      }),
      404,
    )
  }

  app.post(api.reminderStop, async (c) => {
    const token = c.req.query('token') ?? ''
    if (!TOKEN.test(token)) return notFound(c)
    if (!(await stopReminders(deps.db, token))) return notFound(c)
    if (wantsPage(c))
      return c.html(
        framedPage(settings, {
          eyebrow: EYEBROW,
          title: 'Reminders stopped',
          paragraphs: ['You will get no more reminders about this trial.'],
        }),
      )
    return c.json({ status: 'stopped' as const })
  })

  app.get(api.reminderStop, (c) => {
    const token = c.req.query('token') ?? ''
    if (!TOKEN.test(token)) return notFound(c)
    const action = `${api.reminderStop}?token=${encodeURIComponent(token)}`
    return c.html(
      framedPage(settings, {
        eyebrow: EYEBROW,
        title: 'Stop trial reminders?',
        paragraphs: ['We send at most two notices before your trial ends. Stop them?'],
        form: { action, button: 'Stop reminders' },
      }),
    )
  })
  return app
}
