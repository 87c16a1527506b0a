/**
 * The cookieless funnel: document requests counted by day, path, referrer host and UTM (one
 * row per key and day, added up across writes), crawlers, prefetches, assets and API calls not
 * counted, nothing about the person stored, no Set-Cookie on any page or answer; the report by
 * week and source, its CSV and `funnel --format json` with `direct` for no source.
 */
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { api, routes } from '#src/common/paths.ts'
import { DOCUMENT_ROUTES } from '#src/common/site/routes.ts'
import { runCli } from '#src/cli/run-cli.ts'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import {
  createTestApp,
  memoryLogger,
  postJson,
  testConfig,
  trialRequest,
} from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { buildFunnel, funnelCsv } from './funnel-service.ts'
import { createPageViewCounter, type PageViewCounter } from './page-views.ts'

describeEachDatabase('the funnel on %s', { emptyBeforeEach: true }, (database) => {
  let counter: PageViewCounter
  let app: ReturnType<typeof createTestApp>['app']

  // What a test counted is written before the next one empties the tables.
  afterEach(() => counter.stop())
  beforeEach(() => {
    counter = createPageViewCounter({
      db: database().db,
      logger: memoryLogger().logger,
      flushMs: 60_000,
    })
    app = createTestApp(database(), {
      env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '1000/1h' },
      pageViews: counter,
    }).app
  })

  const visit = (path: string, headers: Record<string, string> = {}) =>
    app.request(`http://pacepoint.example${path}`, { headers })

  it('counts page views by day, path, referrer host and UTM, and stores nothing about the person', async () => {
    await visit('/?utm_source=LinkedIn&utm_medium=social&utm_campaign=q4', {
      referer: 'https://www.linkedin.com/feed/',
      'user-agent': 'Mozilla/5.0',
    })
    await visit('/?utm_source=linkedin&utm_medium=social&utm_campaign=q4')
    await visit('/pacing/', { referer: 'http://pacepoint.example/' })
    await visit('/about', { referer: 'https://news.ycombinator.com/item?id=1' })
    // Not views: a crawler, a prefetch, an asset or API call, an unknown path.
    await visit('/', { 'user-agent': 'Googlebot/2.1' })
    await visit('/', { 'sec-purpose': 'prefetch' })
    await visit(api.licenseCounts)
    await visit('/no-such-page')
    await counter.flush()
    await visit('/pacing')
    await counter.flush()

    const rows = await queryRows<Record<string, unknown>>(
      database().db,
      sql`select * from page_view_counts order by path, referrer_host, entry`,
    )
    const today = new Date().toISOString().slice(0, 10)
    const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v))
    expect(
      rows.map((r) => [
        day(r.day),
        r.path,
        r.referrer_host,
        r.utm_source,
        r.utm_medium,
        r.utm_campaign,
        r.entry,
        r.views,
      ]),
    ).toEqual([
      [today, '/', '', 'linkedin', 'social', 'q4', true, 1],
      [today, '/', 'www.linkedin.com', 'linkedin', 'social', 'q4', true, 1],
      [today, '/about', 'news.ycombinator.com', '', '', '', true, 1],
      // Our own pages as referrer are no referral and no new visit.
      [today, '/pacing', '', '', '', '', false, 1],
      [today, '/pacing', '', '', '', '', true, 1],
    ])
    // Two writes add up in one row.
    await visit('/pacing')
    await counter.flush()
    expect(
      (
        await queryRows<{ views: number }>(
          database().db,
          sql`select views from page_view_counts where path = '/pacing' and entry`,
        )
      )[0]!.views,
    ).toBe(2)
    // The table has no column that could hold an address, agent, cookie or identifier.
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'day',
        'path',
        'referrer_host',
        'utm_campaign',
        'utm_medium',
        'utm_source',
        'entry',
        'views',
      ].sort(),
    )
  })

  it('sets no cookie on any page, nor on a trial request', async () => {
    await insertLicenses(database().db, 'advanced', ['F-1'], 'b1')
    for (const doc of DOCUMENT_ROUTES) {
      const res = await visit(`${doc.path}?utm_source=x`)
      expect(res.headers.get('set-cookie'), doc.path).toBeNull()
    }
    const res = await postJson(app, api.trialSubmissions, trialRequest())
    expect(res.headers.get('set-cookie')).toBeNull()
    expect((await visit(routes.thankYou('advanced'))).headers.get('set-cookie')).toBeNull()
  })

  it('reports visits -> trials -> keys by week and source, direct when none, as CSV and in the CLI', async () => {
    await insertLicenses(database().db, 'advanced', ['F-2', 'F-3'], 'b1')
    await visit('/?utm_source=newsletter')
    await visit('/?utm_source=newsletter')
    await visit('/')
    // The newsletter's reader moves on to the Lab and the thank-you page: no new visits.
    await visit('/pacing', { referer: 'http://pacepoint.example/?utm_source=newsletter' })
    await visit(routes.thankYou('advanced'), { referer: 'http://pacepoint.example/' })
    await counter.flush()
    await postJson(app, api.trialSubmissions, trialRequest({ source: 'newsletter' }))
    await postJson(app, api.trialSubmissions, trialRequest())
    const report = await buildFunnel(database().db, 7)
    expect(report.sources).toEqual([
      { source: 'newsletter', visits: 2, trials: 1, keys: 1, orders: 0 },
      { source: 'direct', visits: 1, trials: 1, keys: 1, orders: 0 },
    ])
    expect(report.trialToPaid.find((r) => r.model === 'advanced')).toMatchObject({
      trials: 2,
      paid: 0,
    })
    expect(report.revenue).toEqual([])
    const csv = funnelCsv(report)
    expect(csv.split('\r\n')[0]).toBe('"week","source","visits","trials","keys","orders"')
    expect(csv).toMatch(/"newsletter","2","1","1","0"/)

    let stdout = ''
    const io = { stdout: (t: string) => (stdout += t), stderr: () => {} }
    const config = testConfig()
    expect(
      await runCli(['funnel', '--days', '7', '--format', 'json'], {
        config,
        io,
        database: database(),
      }),
    ).toBe(0)
    expect(JSON.parse(stdout)).toEqual(report.sources)
    stdout = ''
    expect(await runCli(['funnel'], { config, io, database: database() })).toBe(0)
    expect(stdout).toMatch(/source\s+visits\s+trials\s+keys\s+orders/)
    expect(stdout).toMatch(/newsletter\s+2\s+1\s+1\s+0/)
    expect(await runCli(['funnel', '--days', 'x'], { config, io, database: database() })).toBe(2)
  })

  const sourceCounts = async () =>
    Object.fromEntries(
      (
        await queryRows<{ utm_source: string; views: number }>(
          database().db,
          sql`select utm_source, sum(views)::int as views from page_view_counts group by 1`,
        )
      ).map((r) => [r.utm_source, r.views]),
    )

  it('normalises what a link carries before counting it, and never stores an address or a number', async () => {
    await visit('/?utm_source=News-Letter_2025.Q4~b')
    await visit('/?utm_source=robert.smith%40example.com')
    await visit('/?utm_source=campaign&utm_campaign=%2B1%20555%20123%204567')
    await visit('/?utm_source=' + 'a'.repeat(65))
    await visit('/?utm_source=%3Cscript%3E')
    await visit('/', { referer: 'https://evil.example%00/x' })
    await counter.flush()
    const rows = await queryRows<Record<string, string>>(
      database().db,
      sql`select utm_source, utm_campaign, referrer_host from page_view_counts`,
    )
    const values = rows.flatMap((r) => [r.utm_source, r.utm_campaign, r.referrer_host])
    expect(new Set(values)).toEqual(
      new Set(['news-letter_2025.q4~b', '(redacted)', 'campaign', '(invalid)', '']),
    )
    expect(await sourceCounts()).toMatchObject({
      'news-letter_2025.q4~b': 1,
      '(redacted)': 1,
      '(invalid)': 2,
    })
  })

  it('loses no real visit to a value the database could not store (a NUL)', async () => {
    await visit('/?utm_source=%00x')
    for (let i = 0; i < 5; i++) await visit('/?utm_source=newsletter')
    await visit('/about?utm_medium=%00')
    await counter.flush()
    expect(await sourceCounts()).toEqual({ newsletter: 5, '(invalid)': 1, '': 1 })
  })

  it('keeps at most 100 sources a day, across writes; the rest count as (other)', async () => {
    for (let i = 0; i < 90; i++) await visit(`/?utm_source=s${i}`)
    await counter.flush()
    // A second write, as after a restart: the day's cap is read from the table.
    for (let i = 80; i < 130; i++) await visit(`/?utm_source=s${i}`)
    await visit('/?utm_source=s0')
    await counter.flush()
    const counts = await sourceCounts()
    expect(Object.keys(counts).filter((s) => /^s\d+$/.test(s))).toHaveLength(100)
    expect(counts['s0']).toBe(2)
    expect(counts['s99']).toBe(1)
    expect(counts['s100']).toBeUndefined()
    expect(counts['(other)']).toBe(30)
    const report = await buildFunnel(database().db, 1)
    expect(report.sources.find((r) => r.source === '(other)')).toMatchObject({ visits: 30 })
  })

  it('counts at most 30 views a minute from one client address, and others in full', async () => {
    let clock = Date.parse('2026-03-02T10:00:05Z')
    const timed = createPageViewCounter({
      db: database().db,
      logger: memoryLogger().logger,
      flushMs: 60_000,
      now: () => clock,
    })
    const proxied = createTestApp(database(), {
      env: { TRUST_PROXY: '1' },
      pageViews: timed,
    }).app
    const from = (address: string) =>
      proxied.request('http://pacepoint.example/?utm_source=flood', {
        headers: { 'x-forwarded-for': address },
      })
    for (let i = 0; i < 200; i++) await from('198.51.100.7')
    for (let i = 0; i < 3; i++) await from('203.0.113.20')
    // Every address of one IPv6 /64 is one client.
    for (let i = 0; i < 40; i++) await from(`2001:db8:1:2::${i.toString(16)}`)
    clock += 60_000
    await from('198.51.100.7')
    await timed.stop()
    expect((await sourceCounts())['flood']).toBe(30 + 3 + 30 + 1)
  })
})
