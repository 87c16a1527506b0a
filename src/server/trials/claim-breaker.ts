/**
 * The claim breaker (docs/product.md, "Trust under abuse"; CLAIM_BREAKER; decision 21): once a
 * model's claims in any of its windows (an hour's burst, a day's ceiling) reach that window's N,
 * new requests for that model need a confirmation by e-mail before a key is claimed, so a
 * flood from many addresses cannot empty the pool unattended. Claims are counted from the pool
 * itself (licenses.assigned_at), so every instance sees the same count; an episode row makes the
 * operator's alert go out once per episode, however many instances see the breaker trip.
 */
import { MODEL_LABELS, MODELS, type Model } from '#src/common/models.ts'
import type { RateLimit } from '../config.ts'
import {
  endBreakerEpisode,
  openBreakerEpisodeStart,
  startBreakerEpisode,
} from './claim-breaker-repository.ts'
import type { Db } from '../db/client.ts'
import { countRecentClaims } from '../licenses/license-service.ts'
import { raiseAlert } from '../alerts/alert-service.ts'
import { modelSupply } from '../licenses/supply-watch.ts'

interface BreakerCheck {
  tripped: boolean
  /** The claims in `limit`'s window. */
  claims: number
  /** The window that tripped, or the first one when none did. */
  limit: RateLimit
}

export interface BreakerState extends BreakerCheck {
  model: Model
  /** When the current episode began, or null when the breaker is not tripped. */
  since: Date | null
}

/**
 * Counts the model's claims in each window (an hour's burst, then a day's ceiling): the first
 * window whose claims reached its count trips the breaker. Below every threshold an open
 * episode ends (only then: a day's ceiling keeps its episode while the hour's count is low).
 * Runs in the caller's transaction, a trial request's or a read's.
 */
export async function checkBreaker(
  db: Db,
  model: Model,
  limits: readonly RateLimit[],
): Promise<BreakerCheck> {
  let first: number | null = null
  for (const limit of limits) {
    const claims = await countRecentClaims(db, model, limit.windowMs / 1000)
    first ??= claims
    if (claims >= limit.count) return { tripped: true, claims, limit }
  }
  await endBreakerEpisode(db, model)
  return { tripped: false, claims: first ?? 0, limit: limits[0]! }
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
    if (!(await startBreakerEpisode(tx, model, claims))) return false
    const supply = await modelSupply(tx, model)
    // The alert's end follows this episode's (alerts/alert-monitor.ts).
    await raiseAlert(tx, alert, {
      kind: 'claim-breaker',
      subject: model,
      text: `Claim breaker tripped for ${MODEL_LABELS[model]}: ${claims} trial keys claimed within ${describeLimit(limit)} (CLAIM_BREAKER); new requests now confirm by e-mail first. ${supply.available} keys left.`,
      mail: {
        kind: 'breaker',
        payload: {
          model,
          claims,
          threshold: limit.count,
          windowMs: limit.windowMs,
          available: supply.available,
          daysOfSupply: supply.daysOfSupply,
        },
      },
    })
    return true
  })
}

/** Every model's breaker, for `licenses stats`; an empty list when it is off. */
export async function breakerStates(
  db: Db,
  limits: readonly RateLimit[] | null,
): Promise<BreakerState[]> {
  const states: BreakerState[] = []
  if (!limits?.length) return states
  for (const model of MODELS) {
    const check = await checkBreaker(db, model, limits)
    const since = check.tripped ? await openBreakerEpisodeStart(db, model) : null
    states.push({ model, ...check, since })
  }
  return states
}

/** `50/1h,200/24h` back from its parsed form, for messages. */
export function describeLimits(limits: readonly RateLimit[]): string {
  return limits.map(describeLimit).join(',')
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

/**
 * What other subsystems read and write of this one's tables, in their own transactions: its
 * repositories are private to this folder (docs/architecture.md, "Layers"; eslint holds it).
 */
export { openBreakerEpisodeStart } from './claim-breaker-repository.ts'
