/**
 * The trial path's guard as a client and the operator see it (docs/product.md, "Trust under
 * abuse"): a form sent too fast is asked to confirm by e-mail while a filled honeypot gets a
 * decoy; the pool's daily ceiling and low-supply alert; the IPv6 /48 and recipient-domain
 * limits; other providers' subaddresses; and the key resend answered before its lookup runs.
 */
import { sql } from 'drizzle-orm'
import { beforeEach, expect, it } from 'vitest'
import { api } from '#src/common/paths.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../db/license-repository.ts'
import { listMail } from '../db/outbox-repository.ts'
import { renderOutboxMail } from '../mail/templates.ts'
import { createTestApp, postJson, trialRequest } from '../testing/test-app.ts'
import { describeEachDatabase } from '../testing/test-database.ts'

const SUBMIT = api.trialSubmissions
type Answer = Record<string, unknown>

describeEachDatabase('the trial guard on %s', { emptyBeforeEach: true }, (database) => {
  beforeEach(async () => {
    await database().db.execute(sql`truncate claim_breaker_episodes`)
  })

  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(database().db, query))[0]!.n
  const available = (model: string) =>
    count(
      sql`select count(*)::int as n from licenses where model = ${model} and status = 'available'`,
    )
  const app = (env: Record<string, string> = {}) =>
    createTestApp(database(), { env: { RATE_LIMIT_IP: '100000/1h', ...env } })

  /** The link of a queued confirmation e-mail, as the visitor reads it. */
  async function confirmationLink(to: string): Promise<string> {
    const mail = (await listMail(database().db)).find((m) => m.kind === 'confirm' && m.to === to)
    expect(mail, `a confirmation e-mail to ${to}`).toBeDefined()
    const rendered = renderOutboxMail(
      mail!.kind,
      mail!.payload,
      DEFAULT_SETTINGS,
      'https://trial.example.test',
    )
    return /https:\/\/trial\.example\.test(\/api\/trial-confirmations\?token=[\w-]+)/.exec(
      rendered.text,
    )![1]!
  }

  it('asks a form sent too fast to confirm by e-mail, and the link claims the key', async () => {
    await insertLicenses(database().db, 'basic', ['FAST-1', 'FAST-2'], 'fast')
    const { app: a } = app()
    const res = await postJson(
      a,
      SUBMIT,
      trialRequest({ email: 'autofill@example.com', model: 'basic', form_elapsed_ms: 300 }),
    )
    expect(res.status).toBe(201)
    const answer = (await res.json()) as Answer
    expect(answer).toMatchObject({
      has_license: false,
      waitlist_eligible: false,
      confirmation_required: true,
    })
    // Stored, without a key; nothing claimed yet; the confirmation e-mail queued.
    expect(
      await count(
        sql`select count(*)::int as n from trial_submissions
            where email = 'autofill@example.com' and license_id is null
              and confirmation_token_hash is not null`,
      ),
    ).toBe(1)
    expect(await available('basic')).toBe(2)
    const mail = await listMail(database().db)
    expect(mail.map((m) => [m.kind, m.to])).toEqual([['confirm', 'autofill@example.com']])

    const followed = await a.request(await confirmationLink('autofill@example.com'))
    expect(followed.status).toBe(303)
    expect(followed.headers.get('location')).toBe('/thank-you?model=basic')
    const keys = (await listMail(database().db)).filter(
      (m) => m.kind === 'trial' && m.to === 'autofill@example.com',
    )
    expect(keys.map((m) => m.payload.activationKey)).toEqual(['FAST-1'])
    expect(await available('basic')).toBe(1)
  })

  it('gives a filled honeypot a decoy: nothing stored, nothing queued, no key taken', async () => {
    await insertLicenses(database().db, 'basic', ['POT-1'], 'pot')
    const { app: a } = app()
    const res = await postJson(
      a,
      SUBMIT,
      trialRequest({
        email: 'bot@example.com',
        model: 'basic',
        website: 'http://spam.example',
        form_elapsed_ms: 300,
      }),
    )
    expect(res.status).toBe(201)
    expect(((await res.json()) as Answer).has_license).toBe(true)
    expect(await count(sql`select count(*)::int as n from trial_submissions`)).toBe(0)
    expect(await listMail(database().db)).toEqual([])
    expect(await available('basic')).toBe(1)
  })
})
