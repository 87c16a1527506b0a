/**
 * Reads a JSON request body defensively: the right content type, at most maxBytes (counted
 * while streaming, so a missing or lying Content-Length does not help), valid UTF-8 and JSON.
 * Every failure is the client's, so each is a 400 VALIDATION_ERROR naming what was wrong.
 */
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import type * as z from 'zod/mini'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { describeIssues, fieldErrors } from '#src/common/trial-schema.ts'
import { ApiProblem } from './errors.ts'

const BODY_LIMIT_BYTES = 16 * 1024
/**
 * A refused body (too large, of the wrong type, or not read at all: a limit, an unknown token)
 * is read and dropped, up to this much or this long, before the answer goes out. A server that
 * answers and closes while the client still sends resets the connection, and the client never
 * reads the answer: EPIPE instead of 400, or a proxy's 502. Node closes right after
 * the answer when the client asked it to (`Connection: close`, as nginx asks by default). Past
 * these limits the answer says `Connection: close`, and the server lingers before closing
 * (lifecycle.ts) so the client still reads it.
 */
const DRAIN_LIMIT_BYTES = 2 * 1024 * 1024
const DRAIN_LIMIT_MS = 5_000

/** The client went away while sending its body: nothing to answer, and no fault of ours. */
class ClientAbortedError extends ApiProblem {
  constructor() {
    super(400, ERROR_CODES.validation, 'The request body was not received in full', [
      'Request body was cut off',
    ])
  }
}

type BodyChunks = AsyncIterator<Uint8Array, unknown>

/**
 * Node's request under @hono/node-server, when nothing has read its body yet: once something has
 * made the web Request, its stream is reading the bytes. None for requests made in tests through
 * app.request().
 */
function untouchedBody(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (incoming && incoming.readableFlowing === null && !incoming.readableDidRead) return incoming
  return undefined
}

/**
 * The request body, chunk by chunk. Under @hono/node-server it is read straight from Node's
 * request stream: asking Hono's request for its body first builds a web Request, an
 * AbortSignal and a web stream around the same bytes, a tenth of a trial request's time on the
 * main thread (docs/decisions/0013). Requests made in tests through app.request() have no Node
 * stream; their web stream is read. Either way, return() stops reading and lets go of the body.
 */
function bodyChunks(c: Context): BodyChunks | undefined {
  const incoming = untouchedBody(c)
  if (incoming) return incoming[Symbol.asyncIterator]() as BodyChunks
  const reader = c.req.raw.body?.getReader()
  if (!reader) return undefined
  return {
    next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
    return: async () => {
      await reader.cancel()
      return { done: true, value: undefined }
    },
  }
}

/**
 * Reads and drops the rest of a refused body, within the limits; false when it gave up (the
 * answer should then say `Connection: close`: nothing further on this connection can be read).
 */
async function drainRefused(chunks: BodyChunks | undefined): Promise<boolean> {
  if (!chunks) return true
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DRAIN_LIMIT_MS)
  })
  let drained = 0
  try {
    for (;;) {
      const next = await Promise.race([chunks.next(), late])
      if (next === 'late') return false
      if (next.done) return true
      drained += next.value.byteLength
      if (drained > DRAIN_LIMIT_BYTES) return false
    }
  } catch {
    return true // The client went away: nothing more to read.
  } finally {
    clearTimeout(timer)
  }
}

/** Drains what readJsonBody refuses, then gives the refusal to throw. */
async function refuse(c: Context, chunks: BodyChunks | undefined, problem: ApiProblem) {
  if (!(await drainRefused(chunks))) c.header('Connection', 'close')
  return problem
}

/**
 * For the server's outermost middleware, once a handler has answered: a body it refused without
 * reading (a limit, an unknown token) is drained before the answer goes out. A body a handler
 * read is its own (readJsonBody drains what it refuses); requests made through app.request() in
 * tests have no socket.
 */
export async function drainUnreadBody(c: Context): Promise<void> {
  const incoming = untouchedBody(c)
  if (!incoming || incoming.complete || incoming.destroyed) return
  if (!(await drainRefused(bodyChunks(c)))) c.res.headers.set('Connection', 'close')
}

export function invalid(details: string[], fields?: Record<string, string>): ApiProblem {
  return new ApiProblem(400, ERROR_CODES.validation, 'The request is not valid', details, fields)
}

/** A failed parse as a 400 naming each bad field, in `details` and in `fields`. */
export function invalidBody(error: z.core.$ZodError): ApiProblem {
  return invalid(describeIssues(error), fieldErrors(error))
}

/** Reads the JSON body and parses it with a shared schema; throws the 400 when it does not fit. */
export async function readValidBody<T extends z.ZodMiniType>(
  c: Context,
  schema: T,
  maxBytes = BODY_LIMIT_BYTES,
): Promise<z.infer<T>> {
  const parsed = schema.safeParse(await readJsonBody(c, maxBytes))
  if (!parsed.success) throw invalidBody(parsed.error)
  return parsed.data
}

function isJsonType(header: string | undefined): boolean {
  const type = header?.split(';')[0]?.trim().toLowerCase()
  return (
    type === 'application/json' ||
    (type?.startsWith('application/') === true && type.endsWith('+json'))
  )
}

export async function readJsonBody(c: Context, maxBytes = BODY_LIMIT_BYTES): Promise<unknown> {
  if (!isJsonType(c.req.header('content-type')))
    throw await refuse(c, bodyChunks(c), invalid(['Content-Type must be application/json']))
  const text = await readBodyText(c, maxBytes)
  if (!text) throw invalid(['Request body must be a JSON object'])
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw invalid(['Request body must be valid JSON'])
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalid(['Request body must be a JSON object'])
  return body
}

/**
 * A form a page of ours posts (application/x-www-form-urlencoded), read as readJsonBody reads
 * JSON: at most maxBytes counted while streaming, valid UTF-8; a 400 otherwise.
 */
export async function readFormBody(c: Context, maxBytes: number): Promise<URLSearchParams> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded')
    throw await refuse(
      c,
      bodyChunks(c),
      invalid(['Content-Type must be application/x-www-form-urlencoded']),
    )
  return new URLSearchParams(await readBodyText(c, maxBytes))
}

/**
 * The body's bytes as sent, at most maxBytes counted while streaming (a larger one is refused
 * with a 400 and drained), whatever its type: for a webhook, whose signature covers these exact
 * bytes.
 */
export async function readRawBody(c: Context, maxBytes = BODY_LIMIT_BYTES): Promise<Buffer> {
  const tooLarge = () => invalid([`Request body must be at most ${maxBytes} bytes`])
  const declared = Number(c.req.header('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes)
    throw await refuse(c, bodyChunks(c), tooLarge())

  const chunks: Uint8Array[] = []
  let size = 0
  const stream = bodyChunks(c)
  if (stream) {
    for (;;) {
      let next: IteratorResult<Uint8Array, unknown>
      try {
        next = await stream.next()
      } catch {
        // ECONNRESET or 'aborted' from the client's socket, not from the database.
        throw new ClientAbortedError()
      }
      const { done, value } = next
      if (done) break
      size += value.byteLength
      if (size > maxBytes) throw await refuse(c, stream, tooLarge())
      chunks.push(value)
    }
  }
  return Buffer.concat(chunks)
}

/** The body as UTF-8 text, at most maxBytes counted while streaming; '' when there is none. */
async function readBodyText(c: Context, maxBytes: number): Promise<string> {
  const raw = await readRawBody(c, maxBytes)
  if (raw.byteLength === 0) return ''
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw)
  } catch {
    throw invalid(['Request body must be UTF-8 text'])
  }
}
