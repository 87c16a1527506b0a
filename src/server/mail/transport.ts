/**
 * Where e-mails go: an SMTP server (SMTP_URL), or .eml files under DATA_DIR/mail when none is
 * configured, so a fresh machine can run the whole trial flow and show what was sent.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer'
import { nodemailerDkim, type DkimSettings } from './dkim.ts'

export interface OutgoingMail {
  from: Mail.Options['from']
  replyTo: string
  to: { name: string; address: string }
  subject: string
  text: string
  html: string
  /** Extra header fields (List-Unsubscribe and List-Unsubscribe-Post of a reminder). */
  headers?: Record<string, string>
  /**
   * Stable across attempts, so a resend after a crash is recognisable (docs/architecture.md,
   * "The outbox").
   */
  messageId: string
}

export interface MailTransport {
  kind: 'smtp' | 'files'
  /** For the log: the SMTP host or the mail directory. */
  location: string
  /** Resolves with where the message went: the SMTP server, or the file written. */
  send(mail: OutgoingMail): Promise<string>
  close(): void
}

export function mailDirectory(dataDir: string): string {
  return join(dataDir, 'mail')
}

/** The .eml file of a message: one per Message-ID, so a resend overwrites its own file. */
export function mailFileName(messageId: string): string {
  return messageId.replace(/^<|>$/g, '').replace(/[^\w.@-]/g, '_') + '.eml'
}

function smtpLocation(url: string): string {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.host}`
  } catch {
    return 'smtp'
  }
}

/** The file operations a writer uses: synchronous ones, or the thread pool's. */
const BLOCKING_FS = {
  writeFile: async (...args: Parameters<typeof writeFileSync>) => writeFileSync(...args),
  mkdir: async (...args: Parameters<typeof mkdirSync>) => void mkdirSync(...args),
  rename: async (...args: Parameters<typeof renameSync>) => renameSync(...args),
}
const POOLED_FS = { writeFile, mkdir, rename }

/**
 * Writes a message file whole or not at all (a temporary name, then renamed), making the folder
 * on the first message and again if someone removed it since.
 */
function fileWriter(dir: string, blocking: boolean) {
  const fs = blocking ? BLOCKING_FS : POOLED_FS
  const mode = 0o600
  return async (tmp: string, name: string, message: Buffer) => {
    try {
      await fs.writeFile(tmp, message, { mode })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      await fs.mkdir(dir, { recursive: true, mode: 0o700 })
      await fs.writeFile(tmp, message, { mode })
    }
    await fs.rename(tmp, name)
  }
}

/** SMTP connections kept open, and so the messages the outbox worker sends at once. */
export const SMTP_CONNECTIONS = 4

export function createMailTransport(options: {
  smtpUrl: string | null
  dataDir: string
  /**
   * The caller is the mail thread, whose event loop nothing else waits on: files are written
   * synchronously there. A message file (11 KB) then costs 0.08 ms of CPU, against 0.9 ms for
   * the same writes through the thread pool, whose threads also run at the request path's
   * priority rather than the mail thread's. Elsewhere (the embedded database's single thread,
   * the CLI) they stay asynchronous, so a slow disk never holds up a request.
   */
  blocking?: boolean
  /** DKIM_*: every message signed (dkim.ts); null or absent: unsigned. */
  dkim?: DkimSettings | null
}): MailTransport {
  const dkim = options.dkim ? { dkim: nodemailerDkim(options.dkim) } : {}
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport({
      ...dkim,
      url: options.smtpUrl,
      // Connections kept open and reused, one per message the outbox sends at once: a new
      // connection costs a TCP and TLS handshake and the server's greeting pause (100 ms even
      // from smtp-server, seconds from some), which capped a burst at ~35 messages a second.
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      // A stuck server must not hold a worker slot for minutes; the outbox retries later.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[0])
    return {
      kind: 'smtp',
      location: smtpLocation(options.smtpUrl),
      send: async (mail) => {
        await transporter.sendMail(mail)
        return smtpLocation(options.smtpUrl!)
      },
      close: () => transporter.close(),
    }
  }

  const dir = mailDirectory(options.dataDir)
  const write = fileWriter(dir, options.blocking ?? false)
  const transporter = nodemailer.createTransport({
    ...dkim,
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  return {
    kind: 'files',
    location: dir,
    send: async (mail) => {
      const info = await transporter.sendMail(mail)
      // One file per Message-ID: a resend overwrites its own file instead of adding a copy.
      const name = mailFileName(mail.messageId)
      await write(join(dir, `.${name}.tmp`), join(dir, name), info.message as Buffer)
      return join(dir, name)
    },
    close: () => transporter.close(),
  }
}
