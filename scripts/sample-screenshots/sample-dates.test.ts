import { describe, expect, it } from 'vitest'
import { renderScreen } from './excel.ts'
import { buildProgramme } from './projection.ts'
import { asOfFromArgs, asOfFromClock, parseAsOf } from './sample-dates.ts'
import { advancedScreens } from './screens-advanced.ts'
import { basicScreens } from './screens-basic.ts'

/** Every sample screen drawn as of a date, as SVG by file name. */
function drawAll(iso: string): Record<string, string> {
  const p = buildProgramme(parseAsOf(iso))
  const screens = { ...basicScreens(p), ...advancedScreens(p) }
  return Object.fromEntries(Object.entries(screens).map(([file, s]) => [file, renderScreen(s)]))
}

/** The words a screen shows: its SVG's text nodes, in order. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/>([^<]+)</g)].map((m) => m[1]!)
}

/** Each year in a text one earlier: '2027F' -> '2026F', "Target NAV '32" -> "Target NAV '31". */
function yearEarlier(text: string): string {
  return text
    .replace(/(?<!\d)20\d\d(?!\d)/g, (year) => String(Number(year) - 1))
    .replace(/'(\d\d)(?!\d)/g, (_, year: string) => `'${Number(year) - 1}`)
}

describe('the as-of date from the clock', () => {
  it('is the last quarter end whose actuals are in, 40 days after it', () => {
    expect(asOfFromClock(new Date('2026-11-28T07:00:00Z')).label).toBe('30-Sep-2026')
    expect(asOfFromClock(new Date('2026-08-10T12:00:00Z')).label).toBe('30-Jun-2026')
    expect(asOfFromClock(new Date('2026-11-09T00:00:00Z')).label).toBe('30-Sep-2026')
    expect(asOfFromClock(new Date('2026-11-08T23:00:00Z')).label).toBe('30-Jun-2026')
    expect(asOfFromClock(new Date('2026-02-09T00:00:00Z')).label).toBe('31-Dec-2025')
    expect(asOfFromClock(new Date('2026-02-08T00:00:00Z')).label).toBe('30-Sep-2025')
  })

  it('gives way to --as-of, which must name a quarter end', () => {
    const today = new Date('2026-11-28T07:00:00Z')
    expect(asOfFromArgs(['--only', 'Cover.png'], today).iso).toBe('2026-09-30')
    expect(asOfFromArgs(['--as-of', '2025-09-30'], today).label).toBe('30-Sep-2025')
    expect(asOfFromArgs(['--as-of', '2027-03-31'], today).label).toBe('31-Mar-2027')
    expect(() => asOfFromArgs(['--as-of', '2025-09-29'], today)).toThrow(/quarter end/)
    expect(() => asOfFromArgs(['--as-of', '2025-08-31'], today)).toThrow(/quarter end/)
    expect(() => asOfFromArgs(['--as-of', '30-Sep-2025'], today)).toThrow(/quarter end/)
    expect(() => asOfFromArgs(['--as-of'], today)).toThrow(/needs a date/)
  })
})

describe('the sample screens', () => {
  const y2025 = drawAll('2025-09-30')
  const y2026 = drawAll('2026-09-30')

  it('as of 30-Sep-2025 show the dates the samples were first drawn with', () => {
    expect(texts(y2025['Cash_Flow_Dashboard.png']!)).toEqual(
      expect.arrayContaining([
        'PacePoint Advanced Pacing Model  ·  USD millions  ·  Actuals as of 30-Sep-2025',
        'CALLS 2026F',
        'Flight path, 2026-2035',
        '2025A',
        '2026F',
      ]),
    )
    expect(texts(y2025['Cover.png']!)).toEqual(
      expect.arrayContaining(['2.4 (build 2025.09)', '30-Sep-2025']),
    )
    expect(texts(y2025['Assumptions_Inputs.png']!)).toEqual(
      expect.arrayContaining(['30-Sep-2025', '31-Dec-2025']),
    )
    expect(texts(y2025['Fund_Tab_Collapsed.png']!)).toEqual(
      expect.arrayContaining(['Performance to 30-Sep-2025', '2025 (A+F)', '2026 (F)']),
    )
    expect(texts(y2025['Actuals.png']!)).toEqual(expect.arrayContaining(['30-Jun-2025']))
  })

  it('as of 30-Sep-2026 show every date a year later', () => {
    expect(texts(y2026['Cash_Flow_Dashboard.png']!)).toEqual(
      expect.arrayContaining([
        'PacePoint Advanced Pacing Model  ·  USD millions  ·  Actuals as of 30-Sep-2026',
        'CALLS 2027F',
        'Flight path, 2027-2036',
        '2026A',
        '2027F',
      ]),
    )
    expect(texts(y2026['Cover.png']!)).toEqual(
      expect.arrayContaining(['2.4 (build 2026.09)', '30-Sep-2026']),
    )
    expect(texts(y2026['Assumptions_Inputs.png']!)).toEqual(
      expect.arrayContaining(['30-Sep-2026', '31-Dec-2026']),
    )
    for (const svg of Object.values(y2026)) expect(svg).not.toContain('2025.09')
  })

  it('draw the same pictures a year apart, apart from the years in the labels', () => {
    expect(Object.keys(y2026)).toEqual(Object.keys(y2025))
    for (const [file, svg] of Object.entries(y2026)) {
      const shapes = (s: string) => s.replace(/>[^<]+</g, '><')
      expect(shapes(svg), file).toBe(shapes(y2025[file]!))
      expect(texts(svg).map(yearEarlier), file).toEqual(texts(y2025[file]!))
    }
  })

  it('draw as of any quarter end, funds of the as-of year included', () => {
    const q1 = drawAll('2027-03-31')
    expect(texts(q1['Cover.png']!)).toEqual(
      expect.arrayContaining(['2.4 (build 2027.03)', '31-Mar-2027']),
    )
    for (const svg of Object.values(q1)) expect(svg).not.toMatch(/NaN|undefined|Infinity/)
  })
})
