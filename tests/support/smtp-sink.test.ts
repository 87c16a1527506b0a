/**
 * The SMTP sink the crash tests deliver to: a sender killed mid-message (SIGKILL) resets its
 * connection, and that must neither crash the test run nor stop later mail from arriving.
 */
import net from 'node:net'
import { once } from 'node:events'
import nodemailer from 'nodemailer'
import { afterAll, expect, it } from 'vitest'
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts'

let sink: SmtpSink | undefined
afterAll(() => sink?.close())

it('survives a sender that resets mid-message, and takes the next one', async () => {
  sink = await startSmtpSink()
  const uncaught: unknown[] = []
  const onUncaught = (error: unknown) => uncaught.push(error)
  process.on('uncaughtException', onUncaught)
  try {
    const socket = net.connect(sink.port, '127.0.0.1')
    await once(socket, 'data')
    let replies = ''
    const inData = new Promise<void>((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        replies += chunk.toString('latin1')
        if (/^354 /m.test(replies)) resolve()
      }),
    )
    socket.write('EHLO dying\r\nMAIL FROM:<a@example.com>\r\nRCPT TO:<b@example.com>\r\nDATA\r\n')
    // The sink takes the message's text now: the sender dies half way through it.
    await inData
    socket.write('Subject: half\r\n\r\nhalf a message')
    socket.resetAndDestroy()
    await once(socket, 'close')

    // The next sender's whole conversation takes several round trips, long after the sink has
    // met the reset: a crash or an uncaught error from it would show by then.
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: sink.port,
      secure: false,
    })
    await transport.sendMail({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'whole',
      text: 'hi',
    })
  } finally {
    process.off('uncaughtException', onUncaught)
  }
  expect(uncaught).toEqual([])
  const [mail] = await sink.waitFor(1)
  expect(mail!.subject).toBe('whole')
})
