/**
 * DKIM signing (docs/product.md, "Mail"): with DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY
 * every message is signed by nodemailer (rsa-sha256, c=relaxed/relaxed), its signed headers
 * nodemailer's list plus List-Unsubscribe-Post, which the RFC 8058 one-click unsubscribe of the
 * trial reminders needs signed and nodemailer's default leaves out. The DNS record the
 * receivers check is derived from the key (`npm run admin -- mail dkim-record`).
 */
import { createPrivateKey, createPublicKey } from 'node:crypto'
import { readFileSync } from 'node:fs'

export interface DkimSettings {
  domainName: string
  keySelector: string
  /** PEM text. */
  privateKey: string
}

/** nodemailer's default signed headers (dkim/sign.js) and List-Unsubscribe-Post. */
const DKIM_SIGNED_HEADERS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:' +
  'Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From:' +
  'Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:List-Id:' +
  'List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:' +
  'List-Archive'

/**
 * The three variables as signing settings, null when none is set. Throws a message naming the
 * problem when only some are set, or the key is neither PEM nor a readable file of an RSA key.
 */
export function parseDkim(domain: string, selector: string, key: string): DkimSettings | null {
  if (!domain && !selector && !key) return null
  if (!domain || !selector || !key)
    throw new Error('DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together')
  let pem = key.includes('-----BEGIN') ? key.replace(/\\n/g, '\n') : ''
  if (!pem) {
    try {
      pem = readFileSync(key, 'utf8')
    } catch (error) {
      throw new Error(
        `DKIM_PRIVATE_KEY is neither a PEM key nor a readable file (${(error as NodeJS.ErrnoException).code ?? error})`,
      )
    }
  }
  let kind: string | undefined
  try {
    kind = createPrivateKey(pem).asymmetricKeyType
  } catch {
    throw new Error('DKIM_PRIVATE_KEY is not a private key in PEM form')
  }
  if (kind !== 'rsa') throw new Error(`DKIM_PRIVATE_KEY must be an RSA key (got ${kind})`)
  return { domainName: domain.toLowerCase(), keySelector: selector, privateKey: pem }
}

/** nodemailer's `dkim` transport option. */
export function nodemailerDkim(dkim: DkimSettings) {
  return { ...dkim, headerFieldNames: DKIM_SIGNED_HEADERS }
}

/** The DNS TXT record that publishes the key: name, and the value split in 255-byte strings. */
export function dkimRecord(dkim: DkimSettings): { name: string; value: string; zoneLine: string } {
  const publicKey = createPublicKey(dkim.privateKey).export({ type: 'spki', format: 'der' })
  const value = `v=DKIM1; k=rsa; p=${publicKey.toString('base64')}`
  const name = `${dkim.keySelector}._domainkey.${dkim.domainName}`
  const chunks = value.match(/.{1,255}/g) ?? []
  return { name, value, zoneLine: `${name}. IN TXT ( ${chunks.map((c) => `"${c}"`).join(' ')} )` }
}
