/** A real SMTP server in this process for tests (STYLE.md: never a mock of nodemailer). */
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  messageId: string
  to: string[]
  subject: string
  /** The raw message with quoted-printable soft breaks and escapes undone, for assertions. */
  decoded: string
  raw: string
}

export interface SmtpSink {
  port: number
  url: string
  received: ReceivedMail[]
  /** Resolves once at least n messages arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>
  /** Stops listening (the port is freed; start() listens on it again). */
  stop(): Promise<void>
  start(): Promise<void>
  close(): Promise<void>
}

export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? ''
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)
  return match?.[1]?.trim() ?? ''
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = []
  const waiters: { n: number; resolve: () => void }[] = []
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          received.push({
            messageId: header(raw, 'Message-ID'),
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: header(raw, 'Subject'),
            decoded: decodeQuotedPrintable(raw),
            raw,
          })
          for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve()
          callback()
        })
      },
    })
  let server = make()
  let listening = false
  const listen = async (p: number) => {
    server.listen(p, '127.0.0.1')
    await once(server.server, 'listening')
    listening = true
    return (server.server.address() as AddressInfo).port
  }
  const actualPort = await listen(port)
  const stop = async () => {
    if (!listening) return
    listening = false
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    waitFor(n, timeoutMs = 15_000) {
      if (received.length >= n) return Promise.resolve(received)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${received.length} of ${n} e-mails arrived`)),
          timeoutMs,
        )
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer)
            resolve(received)
          },
        })
      })
    },
    stop,
    async start() {
      if (listening) return
      server = make()
      await listen(actualPort)
    },
    close: stop,
  }
}
