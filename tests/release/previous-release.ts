/**
 * The previous landed release (`.release/previous`: each landed release names the one before
 * it, docs/operations.md "Upgrading") and its files, read from this checkout's git history.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** This checkout's root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The previous release's commit, checked to be in the history. */
export async function previousRelease(): Promise<string> {
  const commit = (await readFile(`${ROOT}.release/previous`, 'utf8')).trim()
  if (!/^[0-9a-f]{7,40}$/.test(commit))
    throw new Error(`.release/previous must hold one commit hash, not ${JSON.stringify(commit)}`)
  try {
    await git('cat-file', '-e', `${commit}^{commit}`)
  } catch {
    throw new Error(
      `The previous release ${commit} (.release/previous) is not in this checkout's git history: ` +
        'fetch it (a shallow clone lacks it: git fetch --unshallow)',
    )
  }
  return commit
}

/** Runs git in this checkout; resolves with its standard output. */
export async function git(...args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })
  return stdout
}

/** A file as it was in `commit`, byte for byte. */
export async function fileAt(commit: string, path: string): Promise<Buffer> {
  const { stdout } = await run('git', ['show', `${commit}:${path}`], {
    cwd: ROOT,
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  })
  return stdout
}
