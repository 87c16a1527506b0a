/**
 * A mistyped address in Chromium: the form suggests the likely correction under the e-mail
 * field (one click takes it, nothing blocks sending), and /thank-you shows where the key went,
 * masked, and lets the visitor correct the address once: the key arrives at the new address.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { E2E } from './env.ts'
import { expect, test } from './fixtures.ts'

test.beforeEach(async ({ page }) => {
  await page.clock.install()
})

async function mailTo(address: string): Promise<string | null> {
  const dir = join(E2E.dataDir, 'mail')
  const files = await readdir(dir).catch(() => [] as string[])
  for (const file of files.filter((f) => f.endsWith('.eml'))) {
    const text = await readFile(join(dir, file), 'utf8')
    if (new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) return text
  }
  return null
}

test('the form suggests a correction of a misspelt domain; one click takes it', async ({
  page,
}) => {
  await page.goto('/#trial-form-advanced')
  const form = page.locator('#trial-form')
  // The hint comes with the form's code: wait until it has hydrated, as a visitor's typing would.
  await expect(form.getByRole('radio', { name: /Advanced model/ })).toBeEnabled()
  const email = form.getByLabel('Business e-mail')
  await email.fill('ann@gnail.com')
  await email.blur()
  const hint = form.getByText('Did you mean')
  await expect(hint).toBeVisible()
  await hint.getByRole('button', { name: 'ann@gmail.com' }).click()
  await expect(email).toHaveValue('ann@gmail.com')
  await expect(hint).toBeHidden()
  // A right address gets no hint.
  await email.fill('ann@example.com')
  await email.blur()
  await page.clock.runFor(500)
  await expect(form.getByText('Did you mean')).toBeHidden()
})

test('a visitor who kept the typo corrects the address from /thank-you, once', async ({ page }) => {
  const user = `grace${Date.now()}`
  await page.goto('/#trial-form-advanced')
  const form = page.locator('#trial-form')
  await expect(form.getByRole('radio', { name: /Advanced model/ })).toBeEnabled()
  await form.getByLabel('First name').fill('Grace')
  await form.getByLabel('Last name').fill('Hopper')
  // A slip no check can tell (a misspelt webmail domain is told the correction at once).
  await form.getByLabel('Business e-mail').fill(`${user}@exmaple.com`)
  await form.getByRole('checkbox', { name: /I agree/ }).check()
  await page.clock.fastForward(1600)
  await form.getByRole('button', { name: 'Get My Free Trial Model' }).click()
  await expect(page).toHaveURL(/\/thank-you\?model=advanced$/)
  await expect(page.getByText('We sent it to')).toContainText('g***@exmaple.com')

  await page.getByText('Wrong address? Correct it').click()
  await page.getByLabel('Correct e-mail address').fill(`${user}@gmail.com`)
  await page.getByRole('button', { name: 'Send it there' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Done' })).toContainText('g***@gmail.com')
  await expect.poll(() => mailTo(`${user}@gmail.com`), { timeout: 15_000 }).not.toBeNull()
  expect(await mailTo(`${user}@gmail.com`)).toMatch(/DEMO-ADV-|[A-Z0-9]{4,}-[A-Z0-9]{4,}/)
})
