/** Who our e-mails come from and which domain their Message-IDs carry. */
import type { PublicSettings } from '#src/common/site/settings.ts'
import type { Config } from '../config.ts'

export interface MailIdentity {
  /** The From header: MAIL_FROM, else the brand at the support address. */
  from: string | { name: string; address: string }
  replyTo: string
  messageIdDomain: string
  /** Base of links back to the site (PUBLIC_URL). */
  publicUrl: string
}

function domainOf(address: string): string | null {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(address)
  return match?.[1]?.toLowerCase() ?? null
}

export function mailIdentity(
  config: Pick<Config, 'mailFrom' | 'publicUrl'>,
  settings: Pick<PublicSettings, 'brandName' | 'supportEmail'>,
): MailIdentity {
  const from = config.mailFrom.trim() || {
    name: settings.brandName,
    address: settings.supportEmail,
  }
  const fromAddress = typeof from === 'string' ? from : from.address
  const messageIdDomain = domainOf(fromAddress) ?? new URL(config.publicUrl).hostname ?? 'localhost'
  return { from, replyTo: settings.supportEmail, messageIdDomain, publicUrl: config.publicUrl }
}

/**
 * An outbox message's Message-ID, fixed when it is queued so every attempt sends the same one
 * (a resend after a crash is recognisable): <row id@sender's domain>. The one place that spells
 * it; the previous release's database routine mail_message_id spelt it the same way.
 */
export function stableMessageId(outboxId: string, domain: string): string {
  return `<${outboxId}@${domain}>`
}
