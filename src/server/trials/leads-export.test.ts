import { describe, expect, it } from 'vitest'
import type { LeadRow } from './submission-repository.ts'
import { csvCell, leadsToCsv, leadsToJson } from './leads-export.ts'

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+1-555', `"'+1-555"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tTabbed', `"'\tTabbed"`],
    ['\rCR', `"'\rCR"`],
    [' =1+1', `"' =1+1"`],
    ['＝1+1', `"'＝1+1"`],
    // Quoting alone does not help where a spreadsheet splits on semicolons.
    [';=1+1', `";'=1+1"`],
    ['Ann;=1+1', `"Ann;'=1+1"`],
    ['a, +cmd', `"a, '+cmd"`],
    ['x;-1;@y', `"x;'-1;'@y"`],
    ['plain', '"plain"'],
    ['a,b', '"a,b"'],
    ['ann-lee@example.com', '"ann-lee@example.com"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['', '""'],
  ])('%j -> %s', (input, expected) => {
    expect(csvCell(input)).toBe(expected)
  })

  it('quotes numbers, booleans and dates without altering them', () => {
    expect(csvCell(-5)).toBe('"-5"')
    expect(csvCell(true)).toBe('"true"')
    expect(csvCell(null)).toBe('""')
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('"2026-01-02T03:04:05.000Z"')
  })
})

describe('leads export', () => {
  const lead: LeadRow = {
    id: '6f1f7a4e-0000-4000-8000-000000000001',
    createdAt: new Date('2026-01-02T03:04:05Z'),
    firstName: '=cmd|"/c calc"!A1',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    model: 'basic',
    source: 'landing-trial-form',
    activationKey: 'B-1',
    licenseAssignedAt: new Date('2026-01-02T03:04:06Z'),
    waitlist: false,
    waitlistNotifiedAt: null,
    termsVersion: '2025-08-01',
  }

  it('writes a header and one formula-safe row per lead', () => {
    const lines = leadsToCsv([lead]).split('\r\n')
    expect(lines[0]).toBe(
      '"submission_id","created_at","first_name","last_name","email","model","source","has_license","activation_key","license_assigned_at","waitlist","waitlist_notified_at","terms_version"',
    )
    expect(lines[1]).toContain(`"'=cmd|""/c calc""!A1"`)
    expect(lines[1]).toContain(',"true","B-1",')
    expect(lines[2]).toBe('')
  })

  it('writes JSON with the same fields', () => {
    const [row] = JSON.parse(leadsToJson([lead])) as Record<string, unknown>[]
    expect(row).toMatchObject({
      first_name: lead.firstName,
      has_license: true,
      activation_key: 'B-1',
      email: 'ada@example.com',
    })
  })
})
