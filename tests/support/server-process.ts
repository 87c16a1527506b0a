/**
 * The real server (src/server/index.ts) as a child process, for fault tests that kill, stop or
 * starve it. Each started process is remembered so a test's cleanup can kill what is left even
 * when an assertion failed half-way.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CLIENT_ENTRIES, DOCUMENT_ROUTES } from '#src/common/site/routes.ts'
import { testEnvironment } from './test-env.ts'

export interface ServerProcess {
  child: ChildProcess
  url: string
  /** Parsed JSON log lines, in order. */
  logs: Record<string, unknown>[]
  stderr(): string
  /** Resolves with the exit code (null when a signal ended it) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const running = new Set<ChildProcess>()

/** A build with one placeholder HTML file per document: enough for the server to start. */
export async function placeholderBuild(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'reliability-dist-'))
  await mkdir(join(dist, 'site'), { recursive: true })
  for (const doc of [...DOCUMENT_ROUTES, ...CLIENT_ENTRIES])
    await writeFile(
      join(dist, 'site', `${doc.name}.html`),
      `<!doctype html><title>${doc.name}</title><p data-doc="${doc.name}"></p>`,
    )
  return dist
}

/**
 * Starts the server with the given environment on top of a quiet, self-contained default (no
 * inherited DATABASE_URL or SMTP_URL) and resolves once it logs 'listening'. `cwd` is the
 * checkout whose server runs (another release's worktree); this one by default.
 */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  cwd?: string,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd,
    env: {
      PATH: testEnvironment().inherited.PATH ?? '',
      HOME: testEnvironment().inherited.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'https://trial.example.test',
      // Every test request comes from loopback: the subnet limit and the breaker are for
      // the tests that set them.
      RATE_LIMIT_SUBNET: '1000000/1h',
      RATE_LIMIT_REQUESTS: '1000000/1m',
      // and every test address is @example.com: so is the domain limit.
      RATE_LIMIT_DOMAIN: '1000000/1h',
      CLAIM_BREAKER: 'off',
      // The placeholder build carries the shipped placeholder company (config.ts).
      ALLOW_PLACEHOLDER_SETTINGS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  const logs: Record<string, unknown>[] = []
  let stderr = ''
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve({ code, signal })
    }),
  )
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`server did not listen within ${timeoutMs} ms: ${stderr}`))
    }, timeoutMs)
    let buffer = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      let nl
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        let entry: Record<string, unknown>
        try {
          entry = JSON.parse(line) as Record<string, unknown>
        } catch {
          continue
        }
        logs.push(entry)
        if (entry.msg === 'listening') {
          clearTimeout(timer)
          resolve({ child, url: entry.url as string, logs, stderr: () => stderr, exited })
        }
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    void exited.then(({ code, signal }) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code ?? signal}) before listening: ${stderr}`))
    })
  })
}

/** Kills every server this helper started that still runs (a test's afterEach/afterAll). */
export async function killAllServers(): Promise<void> {
  const left = [...running]
  await Promise.all(
    left.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve())
          child.kill('SIGKILL')
        }),
    ),
  )
}
