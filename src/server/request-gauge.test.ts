import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { requestGauge } from './request-gauge.ts'

describe('request gauge', () => {
  it('is busy from the first request in until the last one is answered', () => {
    const requests = requestGauge()
    expect(requests.busy()).toBe(false)
    requests.begin()
    requests.begin()
    requests.end()
    expect(requests.busy()).toBe(true)
    requests.end()
    expect(requests.busy()).toBe(false)
  })

  it('is read by another thread from the same memory, as the mail thread reads it', async () => {
    const requests = requestGauge()
    requests.begin()
    // The thread loads this module as the mail thread does (outbox-thread-entry.mjs), and
    // answers what it sees each time it is asked.
    const thread = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads')
       ;(async () => {
         ;(await import('tsx/esm/api')).register()
         const { requestGauge } = await import(${JSON.stringify(import.meta.resolve('./request-gauge.ts'))})
         const seen = requestGauge(workerData)
         parentPort.on('message', () => parentPort.postMessage(seen.busy()))
         parentPort.postMessage('ready')
       })()`,
      { eval: true, workerData: requests.buffer },
    )
    await new Promise((resolve) => thread.once('message', resolve))
    const ask = () =>
      new Promise<boolean>((resolve) => {
        thread.once('message', resolve)
        thread.postMessage('busy?')
      })
    try {
      expect(await ask()).toBe(true)
      requests.end()
      expect(await ask()).toBe(false)
    } finally {
      await thread.terminate()
    }
  })
})
