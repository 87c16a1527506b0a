/**
 * The confirmation link of a request asked to confirm by e-mail (docs/product.md, "Trust under
 * abuse"), as the visitor's browser and a mail scanner see it: GET and HEAD show one button and
 * spend nothing; the button's POST claims and mails the key once, then sends the visitor to the
 * thank-you page; with the pool empty it offers the waitlist, whose button joins once; a missing,
 * malformed or unknown token is a 400 page that says the link no longer works.
 */
import { sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { expect, it } from 'vitest'
import { api } from '#src/common/paths.ts'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { listMail } from '../mail/outbox-repository.ts'
import { createTestApp, postJson, trialRequest } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' }

describeEachDatabase('the trial confirmation link on %s', { emptyBeforeEach: true }, (database) => {
  const app = () => createTestApp(database(), { env: { RATE_LIMIT_IP: '100000/1h' } }).app
  const available = async () =>
    (
      await queryRows<{ n: number }>(
        database().db,
        sql`select count(*)::int as n from licenses where status = 'available'`,
      )
    )[0]!.n
  const mailTo = async (to: string, kind: string) =>
    (await listMail(database().db)).filter((m) => m.to === to && m.kind === kind)

  /** A request sent faster than a person fills the form: answered with a confirmation e-mail. */
  async function askToConfirm(a: Hono, email: string): Promise<string> {
    const res = await postJson(
      a,
      api.trialSubmissions,
      trialRequest({ email, model: 'basic', form_elapsed_ms: 300 }),
    )
    expect(await res.json()).toMatchObject({ confirmation_required: true, has_license: false })
    const [mail] = await mailTo(email, 'confirm')
    return String(mail!.payload.token)
  }
  const press = (a: Hono, path: string, body: string) =>
    a.request(path, { method: 'POST', headers: FORM, body })

  it('shows one button on GET and HEAD, spending nothing', async () => {
    await insertLicenses(database().db, 'basic', ['C-1'], 'confirm')
    const a = app()
    const token = await askToConfirm(a, 'scanned@example.com')
    const link = `${api.trialConfirmations}?token=${token}`
    for (const method of ['GET', 'HEAD', 'GET']) {
      const res = await a.request(link, { method })
      expect(res.status, method).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    }
    const page = await (await a.request(link)).text()
    expect(page).toContain(`<form action="${api.trialConfirmations}" method="post">`)
    expect(page).toContain(`name="token" value="${token}"`)
    expect(page).toMatch(/<meta name="robots" content="noindex"\/?>/)
    // The site's frame, not bare HTML: logo and brand, a styled button, the footer, and while
    // the company settings are placeholders the demo notice (docs/product.md).
    expect(page).toMatch(
      /<a class="brand" href="\/"><svg[^>]*>.*<\/svg><span>PacePoint<\/span><\/a>/,
    )
    expect(page).toContain('<button class="button" type="submit">Confirm and send my key</button>')
    expect(page).toMatch(/<footer>.*Terms &amp; Conditions.*<\/footer>/)
    expect(page).toContain('Demo settings:')
    expect(page).toMatch(/<style>[^<]*font:16px\/1.6 system-ui/)
    expect(await available()).toBe(1)
    expect(await mailTo('scanned@example.com', 'trial')).toEqual([])
  })

  it('claims and mails the key once on the button, then redirects to the thank-you page', async () => {
    await insertLicenses(database().db, 'basic', ['C-1', 'C-2'], 'confirm')
    const a = app()
    const token = await askToConfirm(a, 'person@example.com')
    for (let i = 0; i < 3; i++) {
      const res = await press(a, api.trialConfirmations, `token=${token}`)
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe('/thank-you?model=basic')
    }
    const keys = await mailTo('person@example.com', 'trial')
    expect(keys.map((m) => m.payload.activationKey)).toEqual(['C-1'])
    expect(await available()).toBe(1)
  })

  it('offers the waitlist when the pool is empty, and joins once', async () => {
    const a = app()
    const token = await askToConfirm(a, 'late@example.com')
    const offer = await press(a, api.trialConfirmations, `token=${token}`)
    expect(offer.status).toBe(200)
    const page = await offer.text()
    expect(page).toContain('All trial seats are taken right now')
    expect(page).toContain(`action="${api.trialConfirmations}/waitlist"`)
    for (let i = 0; i < 2; i++) {
      const joined = await press(a, `${api.trialConfirmations}/waitlist`, `token=${token}`)
      expect(joined.status).toBe(200)
      expect(await joined.text()).toContain('You are on the waitlist')
    }
    expect(await mailTo('late@example.com', 'waitlist-joined')).toHaveLength(1)
  })

  it('answers a missing, malformed or unknown token with a 400 page, claiming nothing', async () => {
    await insertLicenses(database().db, 'basic', ['C-1'], 'confirm')
    const a = app()
    const unknown = 'A'.repeat(43)
    const answers = [
      await a.request(api.trialConfirmations),
      await a.request(`${api.trialConfirmations}?token=short`),
      await a.request(`${api.trialConfirmations}?token=${'<script>'.repeat(4)}`),
      await press(a, api.trialConfirmations, ''),
      await press(a, api.trialConfirmations, `token=${unknown}`),
      await press(a, api.trialConfirmations, `token=${'x'.repeat(3000)}`),
      await a.request(api.trialConfirmations, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: unknown }),
      }),
      await press(a, `${api.trialConfirmations}/waitlist`, `token=${unknown}`),
    ]
    for (const res of answers) {
      expect(res.status).toBe(400)
      const page = await res.text()
      expect(page).toContain('This link no longer works')
      expect(page).not.toContain('<script>')
    }
    expect(await available()).toBe(1)
    expect(await listMail(database().db)).toEqual([])
  })
})
