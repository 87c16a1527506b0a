/**
 * The paced load (bench/load.ts): visitors arrive on schedule whatever the server does, and a
 * request that had to wait for a connection is charged for the wait, so a slow server cannot
 * make its own latency look short by slowing the arrivals down.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { runPacedLoad } from './load.ts'

let server: Server | null = null
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
)

async function slowServer(delayMs: number, bodies: string[]): Promise<string> {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      bodies.push(body)
      setTimeout(
        () => response.writeHead(request.url === '/missing' ? 404 : 201).end('{}'),
        delayMs,
      )
    })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
}

it('sends every request of the schedule and charges the wait for a busy connection', async () => {
  const bodies: string[] = []
  const url = await slowServer(100, bodies)
  let n = 0
  // Ten arrivals 10 ms apart on one connection that takes 100 ms each: the last one is due at
  // 90 ms and answered after about 1,000 ms, 900 ms of it waiting.
  const result = await runPacedLoad({
    url: `${url}/api`,
    method: 'POST',
    rate: 100,
    connections: 1,
    warmupS: 0,
    durationS: 0.1,
    body: () => `visitor-${n++}`,
  })
  expect(result.requests).toBe(10)
  expect(bodies).toEqual(Array.from({ length: 10 }, (_, i) => `visitor-${i}`))
  expect(result.statusCodes).toEqual({ '201': 10 })
  expect(result.maxMs).toBeGreaterThanOrEqual(800)
  expect(result.p50Ms).toBeGreaterThanOrEqual(400)
})

it('counts answers that are not 2xx', async () => {
  const url = await slowServer(0, [])
  const result = await runPacedLoad({
    url: `${url}/missing`,
    rate: 50,
    connections: 2,
    warmupS: 0,
    durationS: 0.1,
  })
  expect(result).toMatchObject({ requests: 5, non2xx: 5, statusCodes: { '404': 5 } })
})
