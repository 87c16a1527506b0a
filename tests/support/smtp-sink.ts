/**
 * A real SMTP server in this process for tests (never a mock of nodemailer). What
 * arrives is read the way a mail client reads it, by mailparser.
 */
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { arrivals } from './arrivals.ts'

interface ReceivedMail {
  messageId: string
  /** The SMTP envelope's recipients. */
  to: string[]
  subject: string
  /** The decoded text and HTML parts ('' when there is none). */
  text: string
  html: string
  parsed: ParsedMail
  raw: string
  /** performance.now() when the message's data ended (before it was parsed). */
  arrivedAt: number
}

export interface SmtpSink {
  port: number
  url: string
  received: ReceivedMail[]
  /** How many SMTP sessions senders have opened (a pooled sender reuses its own). */
  readonly sessions: number
  /** Resolves once at least n messages arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>
  /**
   * Holds every message's reply to its data until release(): its sender waits in the middle of
   * sending it, and it counts as received only once released.
   */
  hold(): void
  release(): void
  /** Stops listening (the port is freed; start() listens on it again). */
  stop(): Promise<void>
  start(): Promise<void>
  close(): Promise<void>
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = []
  const arrived = arrivals(received)
  let held: (() => void)[] | null = null
  let sessions = 0
  const make = () => {
    const sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      // A sender's pooled connections are told to go (421) at once when the sink stops.
      closeTimeout: 50,
      onConnect(_session, callback) {
        sessions++
        callback()
      },
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const arrivedAt = performance.now()
          const raw = Buffer.concat(chunks)
          const to = session.envelope.rcptTo.map((r) => r.address)
          const accept = () =>
            simpleParser(raw).then(
              (parsed) => {
                received.push({
                  messageId: parsed.messageId ?? '',
                  to,
                  subject: parsed.subject ?? '',
                  text: parsed.text ?? '',
                  html: parsed.html || '',
                  parsed,
                  raw: raw.toString('utf8'),
                  arrivedAt,
                })
                arrived.notify()
                callback()
              },
              (error: Error) => callback(error),
            )
          if (held) held.push(() => void accept())
          else void accept()
        })
      },
    })
    // A sender that dies mid-session (the crash tests' SIGKILL) resets its connection: the
    // server reports it as an 'error' event, which without a listener would crash the test run.
    sink.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error('SMTP sink:', error)
    })
    return sink
  }
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
    get sessions() {
      return sessions
    },
    waitFor: arrived.waitFor,
    hold() {
      held ??= []
    },
    release() {
      const waiting = held ?? []
      held = null
      for (const accept of waiting) accept()
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
