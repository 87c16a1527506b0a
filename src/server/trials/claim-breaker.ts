/**
 * The claim breaker (DESIGN.md §14, CLAIM_BREAKER): once a model's claims in the window reach
 * N, new requests for that model need a confirmation by e-mail before a key is claimed, so a
 * flood from many addresses cannot empty the pool unattended. Claims are counted from the pool
 * itself (licenses.assigned_at), so every instance sees the same count; an episode row makes the
 * operator's alert go out once per episode, however many instances see the breaker trip.
 */
import { sql } from 'drizzle-orm'
import { MODELS, type Model } from '#src/common/models.ts'
import type { RateLimit } from '../config.ts'
import { queryRows, type Db } from '../db/client.ts'
import { enqueueMail } from '../db/outbox-repository.ts'

interface BreakerCheck {
  tripped: boolean
  claims: number
}

export interface BreakerState extends BreakerCheck {
  model: Model
  /** When the current episode began, or null when the breaker is not tripped. */
  since: Date | null
}

const secs = (limit: RateLimit) => limit.windowMs / 1000

/**
 * Counts the model's recent claims and, in the same statement, ends an open episode once the
 * count is below the threshold again. Null limit (CLAIM_BREAKER=off): never tripped, no query.
 */
async function checkBreaker(db: Db, model: Model, limit: RateLimit | null): Promise<BreakerCheck> {
  if (!limit) return { tripped: false, claims: 0 }
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with recent as (
          select count(*)::int as n from licenses
          where model = ${model} and assigned_at > now() - make_interval(secs => ${secs(limit)})),
        closed as (
          update claim_breaker_episodes set ended_at = now()
          where model = ${model} and ended_at is null and (select n from recent) < ${limit.count}
          returning id)
        select (select n from recent) as n, (select count(*) from closed)::int as closed`,
  )
  const claims = Number(row?.n ?? 0)
  return { tripped: claims >= limit.count, claims }
}

/**
 * Records that the breaker is tripped for the model; when this starts a new episode, queues
 * the operator's alert in the same transaction. Returns true for a new episode.
 */
export async function recordBreakerEpisode(
  db: Db,
  model: Model,
  claims: number,
  limit: RateLimit,
  alert: { operatorEmail: string | null; messageIdDomain: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const started = await queryRows<{ id: number }>(
      tx,
      sql`insert into claim_breaker_episodes (model, claims_at_start) values (${model}, ${claims})
          on conflict (model) where ended_at is null do nothing
          returning id`,
    )
    if (started.length === 0) return false
    if (alert.operatorEmail) {
      await enqueueMail(tx, {
        kind: 'breaker',
        to: alert.operatorEmail,
        payload: { model, claims, threshold: limit.count, windowMs: limit.windowMs },
        messageIdDomain: alert.messageIdDomain,
      })
    }
    return true
  })
}

/** Every model's breaker, for `licenses stats`. */
export async function breakerStates(db: Db, limit: RateLimit | null): Promise<BreakerState[]> {
  const states: BreakerState[] = []
  for (const model of MODELS) {
    const check = await checkBreaker(db, model, limit)
    const [open] = check.tripped
      ? await queryRows<{ started_at: string | Date }>(
          db,
          sql`select started_at from claim_breaker_episodes where model = ${model} and ended_at is null`,
        )
      : []
    states.push({ model, ...check, since: open ? new Date(open.started_at) : null })
  }
  return states
}

/** `50/1h` back from its parsed form, for messages. */
export function describeLimit(limit: RateLimit): string {
  const units: [number, string][] = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'm'],
    [1000, 's'],
  ]
  const [size, unit] = units.find(([ms]) => limit.windowMs % ms === 0) ?? [1000, 's']
  return `${limit.count}/${limit.windowMs / size}${unit}`
}
