/**
 * An SMTP server for the benches, in a worker thread of its own: it stands for the buyers' mail
 * servers, which share nothing with the provider whose deliveries the bench times. In the
 * bench's own event loop, receiving and parsing ~1,000 messages delayed the answers the bench
 * was timing (tests/support/smtp-sink.ts parses each message; this only notes who it was for
 * and when its data ended).
 */
import { Worker } from 'node:worker_threads'
import { arrivals } from '#tests/support/arrivals.ts'

interface Arrival {
  /** The SMTP envelope's recipients. */
  to: string[]
  /** performance.now() of this thread when the message's data ended. */
  arrivedAt: number
}

interface SmtpArrivals {
  url: string
  received: Arrival[]
  /** Resolves once at least n messages arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<Arrival[]>
  close(): Promise<void>
}

// CommonJS, as an eval'd worker runs; smtp-server resolves from the project's node_modules.
const THREAD = `
const { parentPort } = require('node:worker_threads')
const { SMTPServer } = require('smtp-server')
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  closeTimeout: 50,
  logger: false,
  onData(stream, session, callback) {
    stream.resume()
    stream.on('end', () => {
      parentPort.postMessage({
        to: session.envelope.rcptTo.map((r) => r.address),
        at: performance.timeOrigin + performance.now(),
      })
      callback()
    })
  },
})
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.server.address().port }))
parentPort.on('message', () => server.close(() => process.exit(0)))
`

export async function startSmtpArrivals(): Promise<SmtpArrivals> {
  const thread = new Worker(THREAD, { eval: true })
  const received: Arrival[] = []
  const arrived = arrivals(received)
  const port = await new Promise<number>((resolve, reject) => {
    thread.once('error', reject)
    thread.on('message', (m: { port?: number; to?: string[]; at?: number }) => {
      if (m.port !== undefined) return resolve(m.port)
      received.push({ to: m.to!, arrivedAt: m.at! - performance.timeOrigin })
      arrived.notify()
    })
  })
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor: arrived.waitFor,
    async close() {
      const exited = new Promise((resolve) => thread.once('exit', resolve))
      thread.postMessage('close')
      await exited
    },
  }
}
