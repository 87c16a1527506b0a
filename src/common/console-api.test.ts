import { describe, expect, it } from 'vitest'
import { leadsQueryString, maskEmail, parseLeadsQuery } from './console-api.ts'

const parse = (query: string) => parseLeadsQuery(new URLSearchParams(query))

describe('the console leads query', () => {
  it('reads every filter and writes it back the same way', () => {
    const parsed = parse(
      'q=grace&model=basic&from=2026-01-01&to=2026-01-31&hasKey=no&waitlist=yes&page=3&pageSize=25',
    )
    expect(parsed).toEqual({
      ok: true,
      query: {
        q: 'grace',
        model: 'basic',
        from: '2026-01-01',
        to: '2026-01-31',
        hasKey: false,
        waitlist: true,
        page: 3,
        pageSize: 25,
      },
    })
    if (parsed.ok)
      expect(leadsQueryString(parsed.query)).toBe(
        '?q=grace&model=basic&from=2026-01-01&to=2026-01-31&hasKey=no&waitlist=yes&page=3&pageSize=25',
      )
    expect(parse('')).toEqual({ ok: true, query: { page: 1, pageSize: 50 } })
    expect(leadsQueryString({ page: 1, pageSize: 50 })).toBe('')
  })

  it('names each bad parameter, and pages only through the newest 10,000 matches', () => {
    const bad = parse(
      'model=gold&from=31/01/2026&hasKey=maybe&page=0&pageSize=7&q=' + 'x'.repeat(101),
    )
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.details).toHaveLength(6)
    expect(parse('page=200').ok).toBe(true)
    expect(parse('page=201')).toMatchObject({
      ok: false,
      details: [expect.stringMatching(/newest 10,000/)],
    })
    expect(parse('page=100&pageSize=100').ok).toBe(true)
    expect(parse('page=101&pageSize=100').ok).toBe(false)
  })

  it('masks addresses in lists', () => {
    expect(maskEmail('bounce@example.com')).toBe('b***@example.com')
    expect(maskEmail('broken')).toBe('***')
  })
})
