/**
 * Just enough MIME to check a delivered message the way a mail client reads it: the header
 * fields (unfolded, in order), and each text part decoded from quoted-printable or base64.
 */

export interface MimePart {
  headers: [string, string][]
  /** Decoded text of a leaf part; empty for a multipart container. */
  text: string
  parts: MimePart[]
}

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/)
  if (at < 0) return { head: raw, body: '' }
  const sep = /\r?\n\r?\n/.exec(raw.slice(at))![0]
  return { head: raw.slice(0, at), body: raw.slice(at + sep.length) }
}

export function parseHeaders(head: string): [string, string][] {
  return head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
    })
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

export function parseMime(raw: string): MimePart {
  const { head, body } = splitHead(raw)
  const headers = parseHeaders(head)
  const get = (name: string) => headers.find(([n]) => n === name)?.[1]
  const type = get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1)
    const parts = pieces
      .filter((p) => !p.startsWith('--'))
      .map((p) => parseMime(p.replace(/^\r?\n/, '')))
    return { headers, text: '', parts }
  }
  return {
    headers,
    text: decodeBody(body, get('content-transfer-encoding')?.toLowerCase()),
    parts: [],
  }
}

/** Every leaf part, depth first. */
export function leafParts(part: MimePart): MimePart[] {
  return part.parts.length ? part.parts.flatMap(leafParts) : [part]
}
