/**
 * The file name of /lnf/:filename, checked in the browser as the server checks it: one plain
 * name inside the uploads folder, never a path out of it (.., slashes or backslashes, encoded
 * or not, NUL and other control bytes, absolute paths).
 */
import { uploads } from '#src/common/paths.ts'

export type LnfTarget =
  { kind: 'none' } | { kind: 'invalid' } | { kind: 'file'; filename: string; src: string }

const PREFIX = '/lnf/'

export function lnfTarget(pathname: string): LnfTarget {
  if (!pathname.startsWith(PREFIX)) return { kind: 'none' }
  const raw = pathname.slice(PREFIX.length)
  if (raw === '' || raw === '/') return { kind: 'none' }
  let name: string
  try {
    name = decodeURIComponent(raw)
  } catch {
    return { kind: 'invalid' }
  }
  // A trailing slash after a name is tolerated, as the server tolerates it.
  if (name.endsWith('/') && !raw.toLowerCase().endsWith('%2f')) name = name.slice(0, -1)
  if (
    !name ||
    // eslint-disable-next-line no-control-regex
    /[/\\\u0000-\u001f\u007f]/.test(name) ||
    name === '.' ||
    name === '..' ||
    name.startsWith('.')
  ) {
    return { kind: 'invalid' }
  }
  if (name.length > 255) return { kind: 'invalid' }
  return { kind: 'file', filename: name, src: `${uploads.root}/${encodeURIComponent(name)}` }
}
