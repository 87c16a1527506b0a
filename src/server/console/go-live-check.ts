/**
 * The go-live check (docs/product.md; `npm run admin -- doctor`, and the console's overview): what
 * stands between this install and a live site, one line each. Blockers are what a visitor or a
 * buyer would meet (placeholder company details, demo keys, sample screenshots, no way to pay,
 * unsigned mail, alerts nobody hears); warnings are the rest worth a look.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { GoLiveReport } from '#src/common/console-api.ts'
import { MODEL_LABELS, MODELS } from '#src/common/models.ts'
import {
  DEFAULT_SETTINGS,
  placeholderSettings,
  type PublicSettings,
} from '#src/common/site/settings.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { licenseStats } from '../licenses/license-service.ts'
import { listOperators } from './operator-repository.ts'

/** What the check reads from this install's configuration (the server's, through the socket). */
export interface GoLiveFacts {
  settings: PublicSettings
  config: Pick<
    Config,
    | 'publicUrl'
    | 'dkim'
    | 'operatorEmail'
    | 'alertWebhookUrl'
    | 'smtpUrl'
    | 'mailFrom'
    | 'uploadsDir'
    | 'databaseUrl'
    | 'ipHashSecretConfigured'
    | 'webhookSecrets'
    | 'paidProducts'
  >
}

/**
 * The sample screenshots' manifest (written by scripts/sample-screenshots/generate.ts): each
 * sample's path under UPLOADS_DIR/screenshots and its SHA-256. A file that still has its
 * sample's digest is a sample; a replaced one is not. A dot file, so it is never served.
 */
export const SAMPLE_MANIFEST = '.samples.json'

/** The sample screenshots still installed under UPLOADS_DIR (paths under screenshots/). */
async function installedSamples(uploadsDir: string): Promise<string[]> {
  const dir = join(uploadsDir, 'screenshots')
  let manifest: Record<string, string>
  try {
    manifest = JSON.parse(await readFile(join(dir, SAMPLE_MANIFEST), 'utf8')) as Record<
      string,
      string
    >
  } catch {
    return []
  }
  const found: string[] = []
  for (const [path, digest] of Object.entries(manifest)) {
    const bytes = await readFile(join(dir, path)).catch(() => null)
    if (bytes && createHash('sha256').update(bytes).digest('hex') === digest) found.push(path)
  }
  return found
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export async function goLiveCheck(db: Db, facts: GoLiveFacts): Promise<GoLiveReport> {
  const { settings, config } = facts
  const blockers: string[] = []
  const warnings: string[] = []

  const placeholders = placeholderSettings(settings)
  if (placeholders.length)
    blockers.push(
      `Placeholder company, people or contact settings: ${placeholders.join(', ')} (set them and rebuild).`,
    )
  if (!config.publicUrl.startsWith('https://'))
    blockers.push(`PUBLIC_URL is ${config.publicUrl}: set the site's https address.`)
  if (!config.dkim)
    blockers.push(
      'DKIM is off: set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (docs/operations.md, "DKIM, SPF and DMARC").',
    )
  if (!config.operatorEmail && !config.alertWebhookUrl)
    blockers.push('Nobody hears of alerts: set OPERATOR_EMAIL or ALERT_WEBHOOK_URL.')

  const stats = await licenseStats(db)
  const demo = MODELS.reduce((n, m) => n + stats[m].demoAvailable, 0)
  if (demo)
    blockers.push(
      `${plural(demo, 'demo key')} in the trial pool, which activate nothing: npm run admin -- licenses remove-demo.`,
    )
  const samples = await installedSamples(config.uploadsDir)
  if (samples.length)
    blockers.push(
      `${plural(samples.length, 'sample screenshot')} still installed in ${join(config.uploadsDir, 'screenshots')}: replace them with the models' own (docs/images.md).`,
    )
  for (const m of MODELS) {
    const env = m.toUpperCase()
    if (!settings.checkoutUrls[m])
      blockers.push(
        `No checkout link for ${MODEL_LABELS[m]} (SITE_CHECKOUT_URL_${env}): Buy only offers an invoice request.`,
      )
    if (!settings.installerSha256[m])
      blockers.push(
        `No installer hash for ${MODEL_LABELS[m]} (SITE_INSTALLER_SHA256_${env}): /security cannot show it.`,
      )
  }

  if (!config.smtpUrl)
    warnings.push('SMTP_URL is not set: e-mail is written to files under DATA_DIR/mail, not sent.')
  if (!config.mailFrom)
    warnings.push('MAIL_FROM is not set: mail goes out from the support address.')
  if (!config.alertWebhookUrl)
    warnings.push(
      'ALERT_WEBHOOK_URL is not set: alerts about failing mail travel by that same mail.',
    )
  if (config.databaseUrl && !config.ipHashSecretConfigured)
    warnings.push(
      'IP_HASH_SECRET is not set: with several instances each counts per-address limits on its own.',
    )
  if (!settings.signingThumbprint)
    warnings.push(
      'SITE_SIGNING_CERT_THUMBPRINT is not set: /security shows no signing certificate.',
    )
  if (settings.supportEmail === DEFAULT_SETTINGS.supportEmail)
    warnings.push(`SITE_SUPPORT_EMAIL is still the shipped ${DEFAULT_SETTINGS.supportEmail}.`)
  for (const m of MODELS) {
    if (settings.downloadUrls[m] === DEFAULT_SETTINGS.downloadUrls[m])
      warnings.push(
        `SITE_DOWNLOAD_URL_${m.toUpperCase()} is still the shipped ${DEFAULT_SETTINGS.downloadUrls[m]}.`,
      )
    if (stats[m].available - stats[m].demoAvailable === 0)
      warnings.push(
        `No ${MODEL_LABELS[m]} trial keys to hand out: npm run admin -- licenses import --model ${m} FILE.`,
      )
  }
  const checkout = MODELS.some((m) => settings.checkoutUrls[m])
  if (checkout && !Object.values(config.webhookSecrets).some(Boolean))
    warnings.push(
      'A checkout link is set but no webhook secret (STRIPE_/LEMONSQUEEZY_/PADDLE_WEBHOOK_SECRET): paid orders will not arrive.',
    )
  if (Object.values(config.webhookSecrets).some(Boolean) && config.paidProducts.size === 0)
    warnings.push('PAID_PRODUCTS is empty: every paid order waits as unmatched.')
  if (Object.values(config.webhookSecrets).some(Boolean))
    for (const m of MODELS)
      if (stats[m].paid.available === 0)
        warnings.push(
          `No paid ${MODEL_LABELS[m]} keys: orders wait (npm run admin -- licenses import --model ${m} --pool paid FILE).`,
        )
  if ((await listOperators(db)).length === 0)
    warnings.push(
      'Nobody may sign in to the console at /admin: npm run admin -- operators add EMAIL.',
    )

  return { blockers, warnings }
}

/** The report as the command line prints it: one line each. */
export function formatGoLiveReport(report: GoLiveReport): string {
  const lines = [
    ...report.blockers.map((b) => `BLOCKER  ${b}`),
    ...report.warnings.map((w) => `warning  ${w}`),
  ]
  const summary = report.blockers.length
    ? `${plural(report.blockers.length, 'blocker')} and ${plural(report.warnings.length, 'warning')}: not ready to go live.`
    : `No blockers${report.warnings.length ? ` (${plural(report.warnings.length, 'warning')})` : ''}: ready to go live.`
  return [...lines, summary].join('\n') + '\n'
}
