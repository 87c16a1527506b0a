/**
 * Readiness (health.ts): /readyz answers 200 while the database answers with a schema this
 * release can run on, 503 with the reason when the schema is not one (docs/product.md), and 503
 * when the database is gone, and the API then answers 503 SERVICE_UNAVAILABLE, never a bare 500.
 * /healthz is liveness only: 200 throughout.
 */
import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'
import { loadMigrations } from '../db/migrate.ts'
import {
  createTestDatabase,
  describeEachDatabase,
  TEST_DB_KINDS,
} from '#tests/support/test-database.ts'
import { createTestApp, postJson, trialRequest } from '#tests/support/test-app.ts'

const PATH = '/api/trial-submissions'

describeEachDatabase('readiness on %s', { emptyBeforeEach: true }, (database) => {
  let app: Hono
  beforeEach(() => {
    app = createTestApp(database(), {
      env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '1000/1h' },
    }).app
  })

  it('/readyz answers 200 while the database answers', async () => {
    const res = await app.request('/readyz')
    expect(res.status).toBe(200)
    // Ready, and nothing more: not which database answers.
    expect(await res.json()).toEqual({ status: 'ok' })
  })
})

describeEachDatabase('readiness against the schema on %s', (database) => {
  /** Changes the schema, asks /readyz and /healthz, and undoes the change whatever happened. */
  async function probe(change: string | string[], undo: string | string[]) {
    const run = async (statements: string | string[]) => {
      for (const statement of [statements].flat()) await database().db.execute(sql.raw(statement))
    }
    const { app, logLines } = createTestApp(database())
    await run(change)
    try {
      const ready = await app.request('/readyz')
      const again = await app.request('/readyz')
      const live = await app.request('/healthz')
      return {
        status: ready.status,
        body: (await ready.json()) as unknown,
        again: again.status,
        live: live.status,
        logged: logLines.filter(
          (l) => l.msg === 'the database schema is not one this release can run on',
        ),
      }
    } finally {
      await run(undo)
    }
  }

  it('answers 503 naming a migration of ours that is not applied; /healthz stays 200', async () => {
    const last = (await loadMigrations()).at(-1)!
    const result = await probe(
      `delete from schema_migrations where version = '${last.version}'`,
      `insert into schema_migrations (version, name, sha256) values ('${last.version}', '${last.name}', '${last.sha256}')`,
    )
    expect(result).toMatchObject({
      status: 503,
      body: { status: 'not-ready', reason: `migration ${last.name}.sql is not applied` },
      again: 503,
      live: 200,
    })
    // Logged when it begins, not at every probe of the balancer.
    expect(result.logged).toHaveLength(1)
    expect(result.logged[0]).toMatchObject({
      level: 50,
      reason: `migration ${last.name}.sql is not applied`,
    })
  })

  it('answers 503 naming a migration of ours that changed since it was applied', async () => {
    const [first] = await loadMigrations()
    const result = await probe(
      `update schema_migrations set sha256 = repeat('f', 64) where version = '${first!.version}'`,
      `update schema_migrations set sha256 = '${first!.sha256}' where version = '${first!.version}'`,
    )
    expect(result.status).toBe(503)
    expect(result.body).toEqual({
      status: 'not-ready',
      reason: expect.stringMatching(
        /^migration 0001_initial\.sql has changed since it was applied/,
      ),
    })
  })

  it('answers 503 naming a column or a table this release needs that is absent', async () => {
    expect(
      await probe(
        'alter table trial_submissions rename column waitlist_joined_at to waitlist_joined_at_gone',
        'alter table trial_submissions rename column waitlist_joined_at_gone to waitlist_joined_at',
      ),
    ).toMatchObject({
      status: 503,
      body: {
        status: 'not-ready',
        reason: 'table trial_submissions has no column waitlist_joined_at',
      },
      live: 200,
    })
    expect(
      await probe(
        'alter table page_view_counts rename to page_view_counts_gone',
        'alter table page_view_counts_gone rename to page_view_counts',
      ),
    ).toMatchObject({
      status: 503,
      body: { status: 'not-ready', reason: 'table page_view_counts is absent' },
    })
  })

  it("stays ready on a later release's additions: its migrations, tables and columns", async () => {
    const result = await probe(
      [
        "insert into schema_migrations (version, name, sha256) values ('9990', '9990_later', 'later')",
        'alter table licenses add column later_note text',
        'create table later_things (x int)',
      ],
      [
        "delete from schema_migrations where version = '9990'",
        'alter table licenses drop column later_note',
        'drop table later_things',
      ],
    )
    expect(result).toMatchObject({ status: 200, body: { status: 'ok' }, logged: [] })
  })
})

describe.each(TEST_DB_KINDS)('with the database gone (%s)', (kind) => {
  it('/readyz answers 503 and a submission 503 SERVICE_UNAVAILABLE, never a bare 500', async () => {
    const database = await createTestDatabase(kind)
    const { app, logLines } = createTestApp(database)
    await database.close()
    const ready = await app.request('/readyz')
    expect(ready.status).toBe(503)
    expect(await ready.json()).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' })
    const res = await postJson(app, PATH, trialRequest())
    expect(res.status).toBe(503)
    const body = (await res.json()) as { errorCode: string; error: string }
    expect(body.errorCode).toBe('SERVICE_UNAVAILABLE')
    expect(body.error).toMatch(/temporarily unavailable/)
    expect(logLines.some((l) => l.msg === 'database unavailable')).toBe(true)
    expect((await app.request('/api/license-counts')).status).toBe(503)
  })
})
