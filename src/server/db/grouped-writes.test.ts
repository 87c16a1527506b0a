/**
 * Writes that arrive together are written together (grouped-writes.ts), on both databases:
 * deliveries of the same moment become one statement, repeats of one event are stored once,
 * and one event the database refuses fails alone.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { queryRows } from './client.ts'
import { groupedWrites } from './grouped-writes.ts'
import { insertWebhookEvents, type NewWebhookEvent } from '../orders/webhook-event-repository.ts'

const event = (id: string, payload: Record<string, unknown> = { id }): NewWebhookEvent => ({
  provider: 'stripe',
  eventId: id,
  eventType: 'checkout.session.completed',
  payload,
})

describe('groupedWrites', () => {
  it('writes what arrives in one turn of the event loop as one group, and what comes during a write as the next', async () => {
    const groups: number[][] = []
    const write = async (items: readonly number[]) => {
      groups.push([...items])
      await new Promise((resolve) => setTimeout(resolve, 20))
      return items.map((n) => n * 10)
    }
    const store = groupedWrites(write)
    const first = [1, 2, 3].map((n) => store(n))
    await new Promise((resolve) => setTimeout(resolve, 5))
    const second = [4, 5].map((n) => store(n))
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50])
    expect(groups).toEqual([
      [1, 2, 3],
      [4, 5],
    ])
  })

  it('writes a failed group again item by item: only the item that fails is refused', async () => {
    const groups: number[][] = []
    const store = groupedWrites(async (items: readonly number[]) => {
      groups.push([...items])
      if (items.includes(13)) throw new Error('refused')
      return items.map((n) => n + 1)
    })
    const results = await Promise.allSettled([1, 13, 2].map((n) => store(n)))
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'refused'))).toEqual([
      2,
      'refused',
      3,
    ])
    expect(groups).toEqual([[1, 13, 2], [1], [13], [2]])
  })

  it('keeps groups to maxGroup items', async () => {
    const sizes: number[] = []
    const store = groupedWrites(async (items: readonly number[]) => {
      sizes.push(items.length)
      return [...items]
    }, 4)
    await Promise.all(Array.from({ length: 10 }, (_, i) => store(i)))
    expect(sizes).toEqual([4, 4, 2])
  })
})

describeEachDatabase('insertWebhookEvents on %s', (database) => {
  it('stores a group in one statement: each event once, true only for the first of a repeated id', async () => {
    const { db } = database()
    const suffix = Math.random().toString(36).slice(2)
    const a = event(`evt_a_${suffix}`)
    const b = event(`evt_b_${suffix}`, { id: 'b', note: 'ünïcödé, "quotes" and \\ backslashes' })
    expect(await insertWebhookEvents(db, [a, b, a])).toEqual([true, true, false])
    expect(await insertWebhookEvents(db, [b, event(`evt_c_${suffix}`)])).toEqual([false, true])
    const rows = await queryRows<{ event_id: string; payload: Record<string, unknown> }>(
      db,
      sql`select event_id, payload from webhook_events where event_id like ${`%_${suffix}`}
          order by id`,
    )
    expect(rows.map((r) => r.event_id)).toEqual([a.eventId, b.eventId, `evt_c_${suffix}`])
    expect(rows[1]!.payload).toEqual(b.payload)
  })
})
