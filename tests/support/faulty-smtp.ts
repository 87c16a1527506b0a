/**
 * An SMTP endpoint a test can make misbehave the ways providers do: refuse at the greeting
 * (421), reject the message after its body (451 or 550) and hang up, drop the connection in the middle of
 * the message, or accept the connection and never say a word (a timeout). In 'pass' mode it
 * forwards the connection to a real SMTP server (the sink), so the same URL delivers once the
 * fault is cleared.
 */
import { once } from 'node:events'
import {
  createConnection,
  createServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net'

export type SmtpFault =
  | 'pass'
  | 'refuse'
  | 'reject-temporary'
  | 'reject-permanent'
  | 'drop'
  | 'silent'
  /** Refuses the recipient at RCPT TO: 550 5.1.1, no such mailbox (a bounce for good). */
  | 'reject-recipient'

export interface FaultySmtp {
  port: number
  url: string
  /** When each connection arrived, and in which mode. */
  connections: { at: number; mode: SmtpFault }[]
  setMode(mode: SmtpFault): void
  close(): Promise<void>
}

/** Listens on options.port, by default one the system picks (read it from the result). */
export async function startFaultySmtp(options: {
  port?: number
  sinkPort: number
}): Promise<FaultySmtp> {
  let mode: SmtpFault = 'pass'
  const connections: FaultySmtp['connections'] = []
  const sockets = new Set<Socket>()

  /** Just enough SMTP to get a client to send its message body. */
  const speak = (socket: Socket, fault: SmtpFault) => {
    socket.write('220 faulty.test ESMTP\r\n')
    let buffer = ''
    let inData = false
    let dataBytes = 0
    socket.on('data', (chunk: Buffer) => {
      if (inData) {
        dataBytes += chunk.length
        buffer += chunk.toString('latin1')
        if (fault === 'drop' && dataBytes > 200) {
          // Part of the message is on the wire; the line goes dead.
          socket.resetAndDestroy()
          return
        }
        if (buffer.includes('\r\n.\r\n')) {
          inData = false
          buffer = ''
          // and hangs up, so each attempt comes on a connection of its own (a pooled sender
          // would otherwise try again on this one, whatever mode the test has set since).
          socket.end(
            fault === 'reject-permanent'
              ? '550 5.7.1 Message rejected by policy\r\n'
              : '451 4.3.0 Temporary local problem, try again later\r\n',
          )
        }
        return
      }
      buffer += chunk.toString('latin1')
      let nl
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 faulty.test\r\n')
        else if (verb === 'RCPT' && fault === 'reject-recipient')
          socket.write('550 5.1.1 Recipient address rejected: User unknown\r\n')
        else if (verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP')
          socket.write('250 OK\r\n')
        else if (verb === 'DATA') {
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n')
          inData = true
          dataBytes = 0
          if (buffer) socket.emit('data', Buffer.from(buffer, 'latin1'))
          buffer = ''
          return
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n')
          return
        } else socket.write('502 Command not implemented\r\n')
      }
    })
  }

  const server: Server = createServer((socket) => {
    const fault = mode
    connections.push({ at: Date.now(), mode: fault })
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    switch (fault) {
      case 'pass': {
        const upstream = createConnection({ port: options.sinkPort, host: '127.0.0.1' })
        upstream.on('error', () => socket.destroy())
        socket.on('close', () => upstream.destroy())
        upstream.on('close', () => socket.destroy())
        socket.pipe(upstream)
        upstream.pipe(socket)
        return
      }
      case 'refuse':
        socket.end('421 4.3.2 Service not available, closing transmission channel\r\n')
        return
      case 'silent':
        return
      default:
        speak(socket, fault)
    }
  })
  server.listen(options.port ?? 0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    connections,
    setMode(next) {
      mode = next
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
