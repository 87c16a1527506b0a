/**
 * Data access for claim_breaker_episodes: one open row per model while its breaker is tripped,
 * so the operator's alert goes out once per episode however many instances see it trip. The
 * count that trips it is the pool's (licenses/license-repository.ts countRecentClaims).
 */
import { sql } from 'drizzle-orm'
import type { Model } from '#src/common/models.ts'
import { queryRows, type Db } from '../db/client.ts'

/** Opens the model's episode; false when one is open already. */
export async function startBreakerEpisode(tx: Db, model: Model, claims: number): Promise<boolean> {
  const started = await queryRows<{ id: number }>(
    tx,
    sql`insert into claim_breaker_episodes (model, claims_at_start) values (${model}, ${claims})
        on conflict (model) where ended_at is null do nothing
        returning id`,
  )
  return started.length > 0
}

/** When the model's open episode began, or null. */
export async function openBreakerEpisodeStart(db: Db, model: Model): Promise<Date | null> {
  const [open] = await queryRows<{ started_at: string | Date }>(
    db,
    sql`select started_at from claim_breaker_episodes where model = ${model} and ended_at is null`,
  )
  return open ? new Date(open.started_at) : null
}

/** Ends the model's open episode, if there is one. */
export async function endBreakerEpisode(db: Db, model: Model): Promise<void> {
  await db.execute(
    sql`update claim_breaker_episodes set ended_at = now() where model = ${model} and ended_at is null`,
  )
}
