import { expect, it } from 'vitest'
import { deleteExpiredCounters } from './rate-limit-repository.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { hitRateLimits } from './rate-limiter.ts'

const HOUR = 3_600_000

describeEachDatabase('rate limiter on %s', { emptyBeforeEach: true }, (database) => {
  const check = (value: string, now: number) =>
    hitRateLimits(
      database().db,
      [{ name: 'email', value, limit: { count: 3, windowMs: HOUR } }],
      now,
    )

  it('allows COUNT per WINDOW, refuses the next with a Retry-After', async () => {
    const start = 100 * HOUR
    for (let i = 0; i < 3; i++) expect((await check('a@x', start + i)).exceeded).toBeNull()
    const refused = await check('a@x', start + 10)
    expect(refused.exceeded?.name).toBe('email')
    expect(refused.retryAfterSeconds).toBe(3600)
    expect((await check('b@x', start + 11)).exceeded).toBeNull()
  })

  it('weighs the previous window in, so the limit cannot be doubled at a window edge', async () => {
    const edge = 200 * HOUR
    for (let i = 0; i < 3; i++) await check('edge@x', edge - 1000)
    // Just after the edge the previous window still counts almost fully.
    expect((await check('edge@x', edge + 1000)).exceeded).not.toBeNull()
    // Most of a window later it has faded out.
    expect((await check('edge@x', edge + 0.9 * HOUR)).exceeded).toBeNull()
  })

  it('starts afresh after a window with no requests', async () => {
    const start = 300 * HOUR
    for (let i = 0; i < 3; i++) await check('idle@x', start + i)
    // Two windows later the full window in between had no hits: nothing carries over.
    for (let i = 0; i < 3; i++)
      expect((await check('idle@x', 2 * HOUR + start + i)).exceeded).toBeNull()
  })

  it('counts a hit stamped with an earlier window (a lagging clock) in the live one', async () => {
    const edge = 400 * HOUR
    for (let i = 0; i < 3; i++) await check('late@x', edge + 1000 + i)
    // An instance whose clock is two seconds behind still sees the three hits just made.
    expect((await check('late@x', edge - 1000)).exceeded).not.toBeNull()
  })

  it('lets exactly COUNT of many simultaneous requests through', async () => {
    const now = 500 * HOUR
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => check('burst@x', now)))
    expect(verdicts.filter((v) => v.exceeded === null)).toHaveLength(3)
  })

  it('prunes counters whose windows are over', async () => {
    await check('old@x', 10 * HOUR)
    expect(await deleteExpiredCounters(database().db)).toBe(1)
  })
})
