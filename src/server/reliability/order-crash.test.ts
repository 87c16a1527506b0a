/**
 * A paid order's event, answered 200, then the server killed (SIGKILL) before the key e-mail
 * went out: the event was stored before the answer, so the restarted server finishes it, and
 * the buyer gets exactly one key e-mail. The kill comes while the order is being worked: the
 * event is Paddle's, whose buyer the server asks Paddle's API for, and our stand-in for that API
 * holds the first request until the server is dead.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { embeddedDataDir, openDatabase, queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { migrate } from '../db/migrate.ts'
import { signWebhook } from '../orders/webhook-signatures.ts'
import {
  killAllServers,
  placeholderBuild,
  startServerProcess,
} from '#tests/support/server-process.ts'
import { startSmtpSink } from '#tests/support/smtp-sink.ts'
import { createTestDatabase, seededDataDir, TEST_DB_KINDS } from '#tests/support/test-database.ts'

afterAll(killAllServers)

const SECRET = 'pdl_ntfset_crash_secret'

describe.each(TEST_DB_KINDS)('an order across a crash on %s', (kind) => {
  it('a SIGKILL right after the 200 still ends in exactly one key e-mail after the restart', async () => {
    const dataDir = await seededDataDir(`order-crash-${kind}-`)
    const distDir = await placeholderBuild()
    const smtp = await startSmtpSink()
    const held: ServerResponse[] = []
    let hold = true
    let calls = 0
    const paddle = createServer((_req: IncomingMessage, res: ServerResponse) => {
      calls++
      if (hold) {
        held.push(res)
        return
      }
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ data: { email: 'crash.buyer@example.com', name: 'Crash Buyer' } }))
    })
    await new Promise<void>((resolve) => paddle.listen(0, '127.0.0.1', resolve))
    const pg = kind === 'postgres' ? await createTestDatabase('postgres') : null
    try {
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        DIST_DIR: distDir,
        SMTP_URL: smtp.url,
        PADDLE_WEBHOOK_SECRET: SECRET,
        PADDLE_API_URL: `http://127.0.0.1:${(paddle.address() as AddressInfo).port}`,
        PADDLE_API_KEY: 'pdl_crash_key',
        PAID_PRODUCTS: 'paddle:pri_crash=advanced',
      }
      const keys = ['CRASH-PAID-1', 'CRASH-PAID-2']
      if (pg) {
        await insertLicenses(pg.db, 'advanced', keys, 'crash', false, 'paid')
        const url = new URL(pg.url!)
        url.searchParams.set('options', `-c search_path=${pg.schema}`)
        env.DATABASE_URL = url.toString()
      } else {
        const db = await openDatabase({ databaseUrl: null, dataDir: embeddedDataDir(dataDir) })
        await migrate(db.db)
        await insertLicenses(db.db, 'advanced', keys, 'crash', false, 'paid')
        await db.close()
      }

      const first = await startServerProcess(env)
      const body = JSON.stringify({
        event_id: 'evt_crash_1',
        event_type: 'transaction.completed',
        data: {
          id: 'txn_crash_1',
          customer_id: 'ctm_crash',
          currency_code: 'USD',
          items: [{ price: { id: 'pri_crash' }, quantity: 1 }],
          details: { totals: { grand_total: '289900' } },
        },
      })
      const res = await fetch(`${first.url}/api/webhooks/paddle`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Paddle-Signature': signWebhook('paddle', SECRET, body),
        },
        body,
      })
      expect(res.status).toBe(200)
      // The order is being worked (the server waits on Paddle's API): kill it now.
      await expect.poll(() => calls, { timeout: 10_000 }).toBeGreaterThan(0)
      first.child.kill('SIGKILL')
      expect(await first.exited).toMatchObject({ signal: 'SIGKILL' })
      for (const res of held) res.destroy()
      expect(smtp.received).toHaveLength(0)

      hold = false
      if (pg) {
        // Postgres: the dead process's lease holds the event until it lapses (30 s); the
        // embedded database frees it at start (one process at a time). The lease is there,
        // and is moved back by its length, as if those seconds had passed.
        const lapsed = await queryRows<{ n: number }>(
          pg.db,
          sql`update webhook_events set locked_until = locked_until - interval '30 seconds'
              where processed_at is null and locked_until > now() returning 1 as n`,
        )
        expect(lapsed).toHaveLength(1)
      }
      const second = await startServerProcess(env)
      const mail = await smtp.waitFor(1, 60_000)
      expect(mail[0]!.to).toContain('crash.buyer@example.com')
      expect(mail[0]!.text).toContain('CRASH-PAID-1')
      // Delivered again from the queue, the event must not send a second key or e-mail.
      await new Promise((r) => setTimeout(r, 1_500))
      expect(smtp.received).toHaveLength(1)
      second.child.kill('SIGTERM')
      await second.exited
      if (pg) {
        const [row] = await queryRows<{ n: number }>(
          pg.db,
          sql`select count(*)::int as n from order_keys`,
        )
        expect(row!.n).toBe(1)
      }
    } finally {
      await killAllServers()
      await smtp.close()
      paddle.closeAllConnections()
      await new Promise((resolve) => paddle.close(resolve))
      await pg?.close()
    }
  }, 120_000)
})
