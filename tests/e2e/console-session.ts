/**
 * What the console specs share: the server's mail folder read as an inbox, the operator CLI
 * against a spec's own data folder, the e-mailed sign-in, a signed Stripe order, and axe.
 */
import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, type Page } from '@playwright/test'
import { signWebhook } from '../../src/server/orders/webhook-signatures.ts'
import AxeBuilder from './axe.ts'

const run = promisify(execFile)

/** An .eml file as a reader sees it: quoted-printable soft breaks and escapes undone. */
function decodeMail(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** The first message in `mailDir` to `address` (containing `containing`), or null. */
export function inbox(mailDir: string) {
  return async (address: string, containing?: string): Promise<string | null> => {
    const files = await readdir(mailDir).catch(() => [] as string[])
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const text = decodeMail(await readFile(join(mailDir, file), 'utf8').catch(() => ''))
      const to = new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi')
      if (to.test(text) && (!containing || text.includes(containing))) return text
    }
    return null
  }
}

/** `npm run admin -- ...` against a data folder (and a database, when one is given). */
export function operatorCli(dataDir: string, databaseUrl: () => string = () => '') {
  return async (...args: string[]): Promise<string> => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/index.ts', ...args],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl(),
          LOG_LEVEL: 'silent',
        },
      },
    )
    return stdout
  }
}

/** Signs `operator` in through the e-mailed link and waits for the overview. */
export async function signIn(
  page: Page,
  base: string,
  operator: string,
  mailTo: ReturnType<typeof inbox>,
) {
  await page.goto(`${base}/admin`)
  await page.getByLabel('Your e-mail address').fill(operator)
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await expect.poll(() => mailTo(operator), { timeout: 15_000 }).not.toBeNull()
  const link = /(http:\/\/\S+\/admin\/sign-in\?token=[\w-]+)/.exec((await mailTo(operator))!)
  await page.goto(link![1]!)
  await page.getByRole('button', { name: 'Sign in to the console' }).click()
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
}

/** A paid Stripe checkout for `email`, delivered signed to the server's webhook. */
export async function stripeOrder(
  base: string,
  secret: string,
  order: { email: string; name: string; paymentLink: string; id?: string },
) {
  const id = order.id ?? `${Date.now()}${Math.random().toString(36).slice(2, 6)}`
  const body = JSON.stringify({
    id: `evt_${id}`,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_test_${id}`,
        payment_status: 'paid',
        payment_link: order.paymentLink,
        payment_intent: `pi_${id}`,
        amount_total: 289900,
        currency: 'usd',
        customer_details: { email: order.email, name: order.name },
      },
    },
  })
  const res = await fetch(`${base}/api/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': signWebhook('stripe', secret, body),
    },
    body,
  })
  expect(res.status).toBe(200)
}

export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder(page).analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`),
  ).toEqual([])
}
