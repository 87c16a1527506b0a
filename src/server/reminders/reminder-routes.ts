/**
 * `/api/reminders/stop?token=...`: the trial reminders' "stop these reminders". POST is RFC
 * 8058's one-click (the mailbox provider posts `List-Unsubscribe=One-Click`): honoured at once,
 * answered without a page or a cookie. GET, the plain link in the text part, only shows a button
 * that posts: link scanners follow GETs, and must not stop anyone's reminders.
 */
import { Hono, type Context } from 'hono'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { api } from '#src/common/paths.ts'
import { escapeHtml } from '../mail/templates.ts'
import { stopReminders, type ReminderDeps } from './reminder-service.ts'
import { ApiProblem } from '../http/errors.ts'

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`
}

const wantsPage = (c: Context) =>
  (c.req.header('accept') ?? '').includes('text/html') &&
  !(c.req.header('content-type') ?? '').includes('json')

export function reminderStopRoutes(deps: Pick<ReminderDeps, 'db'>): Hono {
  const app = new Hono()
  const notFound = () => new ApiProblem(404, ERROR_CODES.notFound, 'Not found')

  app.post(api.reminderStop, async (c) => {
    const token = c.req.query('token') ?? ''
    if (!TOKEN.test(token)) throw notFound()
    if (!(await stopReminders(deps.db, token))) throw notFound()
    if (wantsPage(c))
      return c.html(
        page('Reminders stopped', '<p>You will get no more reminders about this trial.</p>'),
      )
    return c.json({ status: 'stopped' as const })
  })

  app.get(api.reminderStop, (c) => {
    const token = c.req.query('token') ?? ''
    if (!TOKEN.test(token)) throw notFound()
    const action = `${api.reminderStop}?token=${encodeURIComponent(token)}`
    return c.html(
      page(
        'Stop trial reminders?',
        `<form method="post" action="${escapeHtml(action)}"><p>We send at most two notices before your trial ends. Stop them?</p><button type="submit">Stop reminders</button></form>`,
      ),
    )
  })
  return app
}
