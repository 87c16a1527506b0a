/**
 * The pool's days of supply (docs/product.md, "Trust under abuse"; decision 21): a model's keys
 * left over its claims in the last day. When that drops below LOW_SUPPLY_DAYS the operator is
 * alerted once per episode (supply_alert_episodes; the low-supply alert, alerts/); the episode
 * ends when supply is back above it (keys imported, or claims slowed). Checked after a claim, at
 * most once a minute per model and instance, so a busy pool costs one small query a minute.
 */
import { sql } from 'drizzle-orm'
import { MODEL_LABELS, type Model } from '#src/common/models.ts'
import { queryRows, type Db } from '../db/client.ts'
import { raiseAlert } from '../alerts/alert-service.ts'
import type { Logger } from '../logger.ts'

interface ModelSupply {
  available: number
  claimedLastDay: number
  /** available / claimedLastDay, one decimal; null when nothing was claimed in the last day. */
  daysOfSupply: number | null
}

export async function modelSupply(db: Db, model: Model): Promise<ModelSupply> {
  const [row] = await queryRows<{ available: number; claimed: number }>(
    db,
    sql`select count(*) filter (where status = 'available')::int as available,
          count(*) filter (where assigned_at > now() - interval '1 day')::int as claimed
        from licenses where model = ${model}`,
  )
  const available = Number(row?.available ?? 0)
  const claimedLastDay = Number(row?.claimed ?? 0)
  return {
    available,
    claimedLastDay,
    daysOfSupply: claimedLastDay === 0 ? null : Math.floor((available / claimedLastDay) * 10) / 10,
  }
}

interface SupplyWatchDeps {
  db: Db
  /** LOW_SUPPLY_DAYS; null turns the alert off. */
  lowSupplyDays: number | null
  operatorEmail: string | null
  messageIdDomain: string
  logger: Logger
}

/** How often one instance looks at a model's supply, at most. */
const CHECK_EVERY_MS = 60_000

export class SupplyWatch {
  private readonly lastCheck = new Map<Model, number>()

  constructor(private readonly deps: SupplyWatchDeps) {}

  /**
   * After a claim: when a minute passed since this instance last looked, compares the model's days
   * of supply with LOW_SUPPLY_DAYS, opening (and alerting) or closing the episode. Returns true
   * when it queued an alert. Never throws: the claim it follows is committed already.
   */
  async afterClaim(model: Model, now = Date.now()): Promise<boolean> {
    const { lowSupplyDays } = this.deps
    if (lowSupplyDays === null) return false
    const last = this.lastCheck.get(model)
    if (last !== undefined && now - last < CHECK_EVERY_MS) return false
    this.lastCheck.set(model, now)
    try {
      return await this.check(model, lowSupplyDays)
    } catch (error) {
      this.deps.logger.error({ err: error, model }, 'low-supply check failed')
      return false
    }
  }

  private async check(model: Model, lowSupplyDays: number): Promise<boolean> {
    const { db, operatorEmail, messageIdDomain, logger } = this.deps
    return db.transaction(async (tx) => {
      const supply = await modelSupply(tx, model)
      const low = supply.daysOfSupply !== null && supply.daysOfSupply < lowSupplyDays
      if (!low) {
        await tx.execute(
          sql`update supply_alert_episodes set ended_at = now()
              where model = ${model} and ended_at is null`,
        )
        return false
      }
      const started = await queryRows<{ id: number }>(
        tx,
        sql`insert into supply_alert_episodes (model, days_at_start)
            values (${model}, ${supply.daysOfSupply})
            on conflict (model) where ended_at is null do nothing
            returning id`,
      )
      if (started.length === 0) return false
      logger.warn(
        { model, ...supply, lowSupplyDays, alerted: Boolean(operatorEmail) },
        'trial keys running low: days of supply below LOW_SUPPLY_DAYS',
      )
      // The alert's end follows this episode's (alerts/alert-monitor.ts).
      return raiseAlert(
        tx,
        { operatorEmail, messageIdDomain },
        {
          kind: 'low-supply',
          subject: model,
          text: `${MODEL_LABELS[model]} trial keys running low: ${supply.available} left, ${supply.claimedLastDay} claimed in the last day, about ${supply.daysOfSupply} days of supply (LOW_SUPPLY_DAYS=${lowSupplyDays}). Import more: npm run admin -- licenses import --model ${model} FILE`,
          mail: { kind: 'low-supply', payload: { model, ...supply, thresholdDays: lowSupplyDays } },
        },
      )
    })
  }
}

/** Whether the model's low-supply episode is still open (the alert's end follows it). */
export async function isLowSupplyEpisodeOpen(db: Db, model: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from supply_alert_episodes where model = ${model} and ended_at is null`,
  )
  return rows.length > 0
}
