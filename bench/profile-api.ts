/**
 * Where a trial submission's server time goes: runs the production server on a fresh Postgres
 * database (or, with PROFILE_DATABASE=embedded, a fresh embedded one) with --cpu-prof, drives
 * POST /api/trial-submissions at 16 connections, and prints the self time per function and per
 * module (top 25 each).
 *   TEST_DATABASE_URL=postgres://... node --import tsx bench/profile-api.ts
 *   PROFILE_DATABASE=embedded node --import tsx bench/profile-api.ts
 *   PROFILE_CONNECTIONS=16 PROFILE_SECONDS=8 PROFILE_WARMUP=8 PROFILE_ENV='{"LOG_LEVEL":"info"}'
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { embeddedDataDir, openDatabase } from '#src/server/db/client.ts'
import { migrate } from '#src/server/db/migrate.ts'
import { trialBody, clientAddress } from './api.ts'
import { createBenchDatabase, seedKeyPool } from './bench-database.ts'
import { runLoad } from './load.ts'
import { readMainThreadCpuMs, readProcCpuMs } from './memory.ts'
import { startServer } from './server.ts'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

async function main() {
  const embedded = process.env.PROFILE_DATABASE === 'embedded'
  const url = process.env.TEST_DATABASE_URL
  if (!embedded && !url) throw new Error('set TEST_DATABASE_URL or PROFILE_DATABASE=embedded')
  const connections = Number(process.env.PROFILE_CONNECTIONS ?? 16)
  const seconds = Number(process.env.PROFILE_SECONDS ?? 8)
  // The embedded pool goes in before the server starts: PGlite admits one process at a time.
  const dataDir = embedded ? mkdtempSync(join(tmpdir(), 'pacepoint-prof-data-')) : undefined
  const db = embedded ? null : await createBenchDatabase(url!, 'profile')
  const database = await openDatabase(
    db
      ? { databaseUrl: db.url, dataDir: null }
      : { databaseUrl: null, dataDir: embeddedDataDir(dataDir!) },
  )
  await migrate(database.db)
  await seedKeyPool(database.db, 40_000)
  await database.close()
  const profDir = mkdtempSync(join(tmpdir(), 'pacepoint-prof-'))
  const t0 = Date.now()
  let window: [number, number] = [0, Infinity]
  const server = await startServer(
    4530,
    {
      DATABASE_URL: db?.url ?? '',
      TRUST_PROXY: '1',
      CLAIM_BREAKER: 'off',
      // Every profiled visitor writes @example.com; the domain limit would confirm them by e-mail.
      RATE_LIMIT_DOMAIN: '1000000/1h',
      ...(JSON.parse(process.env.PROFILE_ENV ?? '{}') as Record<string, string>),
    },
    { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`], dataDir },
  )
  let n = 0
  let cpuStart = 0
  let mainStart = 0
  try {
    const result = await runLoad({
      url: `${server.baseUrl}/api/trial-submissions`,
      connections,
      warmupS: Number(process.env.PROFILE_WARMUP ?? 8),
      durationS: seconds,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: () => trialBody('profile', n++),
      requestHeaders: () => ({ 'x-forwarded-for': clientAddress(n) }),
      onMeasureStart: () => {
        cpuStart = readProcCpuMs(server.child.pid!) ?? 0
        mainStart = readMainThreadCpuMs(server.child.pid!) ?? 0
        window = [Date.now() - t0, Infinity]
      },
    })
    window = [window[0], Date.now() - t0]
    const cpu = (readProcCpuMs(server.child.pid!) ?? 0) - cpuStart
    const main = (readMainThreadCpuMs(server.child.pid!) ?? 0) - mainStart
    console.log(
      `${result.rps} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, non-2xx ${result.non2xx}, ` +
        `server CPU ${(cpu / result.requests).toFixed(2)} ms/request (main thread ${(main / result.requests).toFixed(2)})`,
    )
  } finally {
    await server.stop()
    await db?.drop()
  }
  // One profile per thread: the main thread first, then the outbox worker and loader threads.
  for (const file of readdirSync(profDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()) {
    console.log(`\n== ${join(profDir, file)}`)
    summarize(JSON.parse(readFileSync(join(profDir, file), 'utf8')) as Profile, window)
  }
}

/** Self time per function and module, of the samples inside the measured window (ms since start). */
function summarize(profile: Profile, [from, to]: [number, number]) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<number, number>()
  let at = 0
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0
    at += delta
    if (at / 1000 < from || at / 1000 > to) return
    self.set(id, (self.get(id) ?? 0) + delta)
  })
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const byFn = new Map<string, number>()
  const byModule = new Map<string, number>()
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame
    const mod = f.url
      ? f.url
          .replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
          .replace(/^file:\/\/.*\/src\//, 'src/')
      : '(native)'
    const fn = `${f.functionName || '(anonymous)'} ${mod}:${f.lineNumber + 1}`
    byFn.set(fn, (byFn.get(fn) ?? 0) + us)
    byModule.set(mod, (byModule.get(mod) ?? 0) + us)
  }
  const top = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, us]) => `${((us / total) * 100).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n')
  console.log(`\nself time by module (${(total / 1e6).toFixed(1)} s sampled)\n${top(byModule)}`)
  console.log(`\nself time by function\n${top(byFn)}`)
}

await main()
