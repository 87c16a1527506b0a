import { describe, expect, it } from 'vitest'
import { claimLicense, insertLicenses } from './license-repository.ts'
import { insertSubmission } from '../trials/submission-repository.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import {
  demoKey,
  importLicenseKeys,
  KeyFileError,
  LicenseCountsCache,
  licenseStats,
  parseKeyFile,
  seedDemoLicenses,
} from './license-service.ts'

describe('parseKeyFile', () => {
  it('trims, skips blanks and comments, counts repeats', () => {
    expect(parseKeyFile('# header\n A-1 \r\n\nA-2\nA-1\n')).toEqual({
      keys: ['A-1', 'A-2'],
      duplicatesInFile: 1,
    })
  })
  it('refuses a line that is not a key', () => {
    expect(() => parseKeyFile('A-1\nhello world\n')).toThrow(KeyFileError)
    expect(() => parseKeyFile('x'.repeat(201))).toThrow(/line 1/)
  })
  it('makes demo keys that say so', () => {
    expect(demoKey('basic')).toMatch(/^DEMO-BASIC-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/)
  })
})

describeEachDatabase('license pool on %s', { emptyBeforeEach: true }, (database) => {
  it('caches counts for the TTL and drops them on invalidate', async () => {
    let now = 1_000
    const cache = new LicenseCountsCache(database().db, 1_000, () => now)
    expect(await cache.get()).toEqual({ basic: 0, advanced: 0 })
    await insertLicenses(database().db, 'basic', ['B-1'], 't')
    now += 500
    expect(await cache.get()).toEqual({ basic: 0, advanced: 0 })
    now += 600
    expect(await cache.get()).toEqual({ basic: 1, advanced: 0 })
    await insertLicenses(database().db, 'basic', ['B-2'], 't')
    cache.invalidate()
    expect(await cache.get()).toEqual({ basic: 2, advanced: 0 })
  })

  it('seeds demo keys only into a model that never had keys, and hands real keys out first', async () => {
    await insertLicenses(database().db, 'advanced', ['REAL-A'], 'real')
    expect(await seedDemoLicenses(database().db, 3)).toEqual({ basic: 3 })
    expect(await seedDemoLicenses(database().db, 3)).toEqual({})
    await insertLicenses(database().db, 'basic', ['REAL-B'], 'real')
    const submission = await insertSubmission(database().db, {
      firstName: 'a',
      lastName: 'b',
      email: 'a@b.co',
      model: 'basic',
      source: 's',
      waitlistTokenHash: 'h',
    })
    const claimed = await database().db.transaction((tx) =>
      claimLicense(tx, 'basic', submission.id),
    )
    expect(claimed!.activationKey).toBe('REAL-B')
    const stats = await licenseStats(database().db)
    expect(stats.basic).toMatchObject({
      available: 3,
      assigned: 1,
      demoAvailable: 3,
      demoTotal: 3,
      total: 4,
    })
    expect(stats.advanced).toMatchObject({ available: 1, demoTotal: 0 })
  })

  it('imports keys, counting duplicates in the file and in the pool', async () => {
    await insertLicenses(database().db, 'basic', ['X-1'], 'old')
    expect(
      await importLicenseKeys(database().db, 'basic', 'X-1\nX-2\nX-2\nX-3\n', 'new'),
    ).toMatchObject({ read: 4, imported: 2, duplicates: 2 })
  })
})
