/**
 * Data access for alert_episodes (migration 0160): one open row per alert kind and subject, and
 * the webhook posts of each episode's start and end, leased so one instance makes each.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { deleteCounted, periodBefore, queryRows, type Db } from '../db/client.ts'
import { alertEpisodes, type AlertEpisodeRow } from '../db/schema.ts'

/** Opens an episode; false when one of this kind and subject is open already. */
export async function openEpisode(
  tx: Db,
  kind: string,
  subject: string,
  text: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into alert_episodes (kind, subject, text) values (${kind}, ${subject}, ${text})
        on conflict (kind, subject) where ended_at is null do nothing
        returning id`,
  )
  return rows.length > 0
}

/** Ends the open episode of this kind and subject; false when none was open. */
export async function closeEpisode(
  tx: Db,
  kind: string,
  subject: string,
  resolvedText: string,
): Promise<boolean> {
  const rows = await tx
    .update(alertEpisodes)
    .set({ endedAt: sql`now()`, resolvedText, nextPostAt: sql`now()` })
    .where(
      and(
        eq(alertEpisodes.kind, kind),
        eq(alertEpisodes.subject, subject),
        isNull(alertEpisodes.endedAt),
      ),
    )
    .returning({ id: alertEpisodes.id })
  return rows.length > 0
}

/** The open episodes, for the monitor to see which have ended. */
export async function listOpenEpisodes(
  db: Db,
): Promise<Pick<AlertEpisodeRow, 'kind' | 'subject' | 'startedAt'>[]> {
  return db
    .select({
      kind: alertEpisodes.kind,
      subject: alertEpisodes.subject,
      startedAt: alertEpisodes.startedAt,
    })
    .from(alertEpisodes)
    .where(isNull(alertEpisodes.endedAt))
}

/**
 * An episode that began and ended while the database could not record it (database-down): kept
 * now, its start already posted when `firingPosted`, its end still to post.
 */
export async function insertEndedEpisode(
  db: Db,
  episode: {
    kind: string
    text: string
    resolvedText: string
    startedAt: Date
    firingPosted: boolean
  },
): Promise<void> {
  await db.insert(alertEpisodes).values({
    kind: episode.kind,
    text: episode.text,
    resolvedText: episode.resolvedText,
    startedAt: episode.startedAt,
    endedAt: sql`now()`,
    firingPostedAt: episode.firingPosted ? sql`now()` : null,
  })
}

/**
 * Takes episodes whose start or end is still to post (and happened within the last day: an
 * alert posted a day late helps nobody) for `leaseMs`, so no other instance posts them meanwhile.
 */
export async function claimDuePosts(
  db: Db,
  limit: number,
  leaseMs: number,
): Promise<AlertEpisodeRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`update alert_episodes
        set next_post_at = now() + ${leaseMs} * interval '1 millisecond',
            post_attempts = post_attempts + 1
        where id in (
          select id from alert_episodes
          where next_post_at <= now()
            and (firing_posted_at is null or (ended_at is not null and resolved_posted_at is null))
            and coalesce(ended_at, started_at) > now() - interval '1 day'
          order by id
          limit ${limit}
          for update skip locked)
        returning id, kind, subject, text, started_at, ended_at, resolved_text,
          firing_posted_at, post_attempts`,
  )
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string))
  return rows.map((r) => ({
    id: Number(r.id),
    kind: String(r.kind),
    subject: String(r.subject),
    text: String(r.text),
    startedAt: date(r.started_at)!,
    endedAt: date(r.ended_at),
    resolvedText: (r.resolved_text as string | null) ?? null,
    firingPostedAt: date(r.firing_posted_at),
    resolvedPostedAt: null,
    postAttempts: Number(r.post_attempts),
    nextPostAt: new Date(),
    postError: null,
  }))
}

/** The episode's start (or end) reached the webhook. */
export async function markPosted(db: Db, id: number, state: 'firing' | 'resolved'): Promise<void> {
  await db
    .update(alertEpisodes)
    .set({
      ...(state === 'firing' ? { firingPostedAt: sql`now()` } : { resolvedPostedAt: sql`now()` }),
      postAttempts: 0,
      nextPostAt: sql`now()`,
      postError: null,
    })
    .where(eq(alertEpisodes.id, id))
}

export async function markPostFailed(
  db: Db,
  id: number,
  error: string,
  retryAt: Date,
): Promise<void> {
  await db
    .update(alertEpisodes)
    .set({ nextPostAt: retryAt, postError: error.slice(0, 500) })
    .where(eq(alertEpisodes.id, id))
}

/** Deletes the episodes that ended more than `years` ago (retention); open ones stay. */
export function deleteEndedEpisodesBefore(db: Db, now: Date, years: number): Promise<number> {
  return deleteCounted(
    db,
    sql`delete from alert_episodes where ended_at < ${periodBefore(now, { years })}`,
  )
}
