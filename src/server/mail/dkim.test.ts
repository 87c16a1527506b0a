/**
 * A message signed with DKIM_* verifies with a real verifier (mailauth) that resolves the
 * selector's DNS record to the public key `mail dkim-record` prints: sent through the SMTP
 * transport to an in-process SMTP server, as a receiving server would check it.
 */
import { generateKeyPairSync } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dkimVerify } from 'mailauth/lib/dkim/verify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '#src/cli/run-cli.ts'
import { loadConfig } from '../config.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { dkimRecord, parseDkim, type DkimSettings } from './dkim.ts'
import { createMailTransport } from './transport.ts'

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()

function resolverFor(dkim: DkimSettings) {
  const record = dkimRecord(dkim)
  return async (name: string, type: string) => {
    if (type === 'TXT' && name === record.name) return [record.value.match(/.{1,255}/g)!]
    throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' })
  }
}

describe('DKIM', () => {
  let sink: SmtpSink
  let dir: string
  beforeAll(async () => {
    sink = await startSmtpSink()
    dir = await mkdtemp(join(tmpdir(), 'dkim-'))
  })
  afterAll(async () => {
    await sink.close()
    await rm(dir, { recursive: true, force: true })
  })

  async function send(dkim: DkimSettings | null) {
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: dir, dkim })
    const before = sink.received.length
    await transport.send({
      from: { name: 'PacePoint', address: 'support@pacepoint.example' },
      replyTo: 'support@pacepoint.example',
      to: { name: 'Ann', address: 'ann@example.com' },
      subject: 'Your Advanced trial ends on 7 December',
      text: 'Buy: https://pacepoint.example/#pricing\n',
      html: '<p>Buy</p>',
      messageId: `<${Math.random().toString(36).slice(2)}@pacepoint.example>`,
      headers: {
        'List-Unsubscribe': '<https://pacepoint.example/api/reminders/stop?token=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    })
    transport.close()
    return (await sink.waitFor(before + 1))[before]!.raw
  }

  it('signs every message (rsa-sha256, relaxed/relaxed), the one-click headers among the signed ones, and it verifies', async () => {
    const dkim = parseDkim('PacePoint.example', 'mail1', PEM)!
    const raw = await send(dkim)
    const signature = /^DKIM-Signature:[^]*?(?=\r?\n\S)/m.exec(raw)![0].replace(/\s+/g, ' ')
    expect(signature).toContain('a=rsa-sha256')
    expect(signature).toContain('c=relaxed/relaxed')
    expect(signature).toContain('d=pacepoint.example')
    expect(signature).toContain('s=mail1')
    expect(signature).toMatch(/h=[^;]*List-Unsubscribe:[^;]*List-Unsubscribe-Post/i)

    const result = await dkimVerify(raw, { resolver: resolverFor(dkim) })
    expect(result.results).toHaveLength(1)
    expect(result.results[0]!.status.result).toBe('pass')
    expect(result.results[0]!.signingDomain).toBe('pacepoint.example')
  })

  it('fails verification when a signed header is changed on the way', async () => {
    const dkim = parseDkim('pacepoint.example', 'mail1', PEM)!
    const raw = (await send(dkim)).replace(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      'List-Unsubscribe-Post: List-Unsubscribe=Two-Clicks',
    )
    const result = await dkimVerify(raw, { resolver: resolverFor(dkim) })
    expect(result.results[0]!.status.result).toBe('fail')
  })

  it('signs nothing without the settings', async () => {
    expect(await send(null)).not.toMatch(/^DKIM-Signature:/m)
  })

  it('takes the key as PEM or as a file path, and names a bad or partial setting', async () => {
    const file = join(dir, 'dkim.pem')
    await writeFile(file, PEM)
    const fromFile = loadConfig({
      DKIM_DOMAIN: 'pacepoint.example',
      DKIM_SELECTOR: 'mail1',
      DKIM_PRIVATE_KEY: file,
    }).dkim
    expect(fromFile?.privateKey).toBe(PEM)
    expect(loadConfig({}).dkim).toBeNull()
    expect(() => loadConfig({ DKIM_DOMAIN: 'pacepoint.example' })).toThrow(/set together/)
    expect(() =>
      loadConfig({
        DKIM_DOMAIN: 'a.example',
        DKIM_SELECTOR: 's',
        DKIM_PRIVATE_KEY: join(dir, 'none'),
      }),
    ).toThrow(/DKIM_PRIVATE_KEY/)
  })

  it('prints the DNS record from the key: the selector, the domain and the public key', () => {
    const dkim = parseDkim('pacepoint.example', 'mail1', PEM)!
    const record = dkimRecord(dkim)
    expect(record.name).toBe('mail1._domainkey.pacepoint.example')
    expect(record.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/)
    expect(record.zoneLine).toMatch(/^mail1\._domainkey\.pacepoint\.example\. IN TXT \( "v=DKIM1/)
  })

  it('`npm run admin -- mail dkim-record` prints the record, and says how to turn DKIM on without a key', async () => {
    let stdout = ''
    let stderr = ''
    const io = { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t) }
    const config = loadConfig({
      DKIM_DOMAIN: 'pacepoint.example',
      DKIM_SELECTOR: 'mail1',
      DKIM_PRIVATE_KEY: PEM,
      DATA_DIR: dir,
    })
    expect(await runCli(['mail', 'dkim-record'], { config, io })).toBe(0)
    expect(stdout).toContain('Name:  mail1._domainkey.pacepoint.example')
    expect(stdout).toContain(dkimRecord(config.dkim!).value)
    expect(
      await runCli(['mail', 'dkim-record'], { config: loadConfig({ DATA_DIR: dir }), io }),
    ).toBe(1)
    expect(stderr).toMatch(/DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY/)
  })
})
