/**
 * Logs carry no e-mail address, key, token or query parameters (docs/product.md,
 * "Trust under abuse"): the fields are redacted and a failed query's parameters are dropped by the
 * error serializer.
 */
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from './logger.ts'
import {
  createTestDatabase,
  TEST_DB_KINDS,
  type TestDatabase,
} from '#tests/support/test-database.ts'

function capture() {
  let out = ''
  const stream = new Writable({
    write(chunk: Buffer, _e, cb) {
      out += chunk.toString()
      cb()
    },
  })
  const logger = createLogger({ logLevel: 'debug', logPretty: false }, stream)
  return { logger, text: () => out }
}

const EMAIL = 'secret.person@example.com'
const KEY = 'KEY-SECRET-1234'
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789'

describe('log redaction', () => {
  it('drops the fields that hold addresses, keys and tokens', () => {
    const { logger, text } = capture()
    logger.info(
      {
        email: EMAIL,
        to: EMAIL,
        token: TOKEN,
        activationKey: KEY,
        payload: { activationKey: KEY },
        mail: { to: EMAIL, email: EMAIL },
        model: 'basic',
      },
      'trial request',
    )
    logger.warn({ err: `550 <${EMAIL}> rejected; see https://x.test/a?token=${TOKEN}` }, 'failed')
    const out = text()
    expect(out).toContain('trial request')
    expect(out).toContain('basic')
    for (const secret of [EMAIL, KEY, TOKEN]) expect(out).not.toContain(secret)
  })
})

describe.each(TEST_DB_KINDS)('a failed query in the log, on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database.close()
  })

  it('keeps the statement and the cause but none of its parameters', async () => {
    const { logger, text } = capture()
    let error: unknown
    try {
      // model violates its check constraint; the parameters hold an address and a key.
      await database.db.execute(
        sql`insert into trial_submissions (first_name, last_name, email, model, source, waitlist_token_hash)
            values (${'Ann'}, ${'Lee'}, ${EMAIL}, ${'premium'}, ${KEY}, ${TOKEN})`,
      )
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(Error)
    // The raw error does carry them: that is what the serializer is for.
    expect(String((error as Error).message)).toContain(EMAIL)
    logger.error({ err: error }, 'unhandled error')
    const out = text()
    expect(out).toContain('insert into trial_submissions')
    expect(out).toContain('unhandled error')
    for (const secret of [EMAIL, KEY, TOKEN]) expect(out).not.toContain(secret)
  })
})
