/**
 * Reads a JSON request body defensively: the right content type, at most maxBytes (counted
 * while streaming, so a missing or lying Content-Length does not help), valid UTF-8 and JSON.
 * Every failure is the client's, so each is a 400 VALIDATION_ERROR naming what was wrong.
 */
import type { Context } from 'hono'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { ApiProblem } from './errors.ts'

export const BODY_LIMIT_BYTES = 16 * 1024

export function invalid(details: string[]): ApiProblem {
  return new ApiProblem(400, ERROR_CODES.validation, 'The request is not valid', details)
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
    throw invalid(['Content-Type must be application/json'])
  const tooLarge = () => invalid([`Request body must be at most ${maxBytes} bytes`])
  const declared = Number(c.req.header('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge()

  const chunks: Uint8Array[] = []
  let size = 0
  const reader = c.req.raw.body?.getReader()
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => {})
        throw tooLarge()
      }
      chunks.push(value)
    }
  }
  if (size === 0) throw invalid(['Request body must be a JSON object'])

  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))
  } catch {
    throw invalid(['Request body must be UTF-8 text'])
  }
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
