import { describe, expect, it } from 'vitest'
import type { FundInputs } from './engine.ts'
import type { PortfolioPlan } from './portfolio.ts'
import { PRESETS } from './presets.ts'
import { parsePortfolioQuery, serializePortfolioQuery } from './plan-query.ts'
import {
  normalizeQuery,
  fundInputsFromQuery,
  parseBandSettings,
  parseFundQuery,
  parseMode,
  parseScenario,
  serializeFundQuery,
  withBands,
  withScenario,
  parseFrequency,
  parseStress,
  readAmount,
  readShare,
  withStress,
} from './query.ts'

const DEFAULTS: FundInputs = { commitment: 10_000_000, ...PRESETS.buyout.parameters }

describe('one-fund query string', () => {
  it('round-trips every field, lists and full precision included', () => {
    const inputs: FundInputs = {
      commitment: 1_000_000,
      rc: [0.25, 1 / 3, 0.5],
      life: 12,
      bow: 2.3,
      growth: [0.15, 0.1],
      yield: 0.05,
      years: 20,
      age: 4,
      nav: 1_011_150.58,
      paid: 875_000,
      lastcall: 6,
    }
    const query = serializeFundQuery(inputs)
    expect(query).toBe(
      'commitment=1000000&rc=0.25,0.3333333333333333,0.5&life=12&bow=2.3&growth=0.15,0.1' +
        '&yield=0.05&years=20&age=4&nav=1011150.58&paid=875000&lastcall=6',
    )
    expect(parseFundQuery(`?${query}`)).toEqual({ mode: 'fund', values: inputs, errors: {} })
  })

  it('leaves defaults out and reads a single number as one rate for every year', () => {
    const query = serializeFundQuery({ commitment: 5e6, rc: 0.4, life: 12, bow: 5, growth: 0.08 })
    expect(query).toBe('commitment=5000000&rc=0.4&life=12&bow=5&growth=0.08')
    expect(parseFundQuery(query).values).toEqual({
      commitment: 5e6,
      rc: [0.4],
      life: 12,
      bow: 5,
      growth: [0.08],
    })
  })

  it('names each bad field with a message for a person, and keeps the good ones', () => {
    const { values, errors } = parseFundQuery(
      'commitment=1,00&rc=0.25,1.5&life=12.5&bow=abc&growth=12%%&yield=-0.1&years=0&age=-1&nav=-5&lastcall=2.5&mode=table',
    )
    expect(values).toEqual({})
    expect(errors).toEqual({
      mode: 'Mode must be portfolio, or left out for one fund',
      commitment: 'Commitment must be a number',
      rc: 'Each rate of contribution must be between 0 and 1 (0.25 is 25%)',
      life: 'Fund life must be a whole number of years from 1 to 50',
      bow: 'Bow must be a number',
      growth: 'Each growth rate must be above -0.99 and at most 1 (0.12 is 12%)',
      yield: 'Yield must be between 0 and 1 (0.05 is 5%)',
      years: 'Horizon must be a whole number of years from 1 to 100',
      age: 'Fund age must be a whole number of years from 0 to 100',
      nav: 'NAV must be zero or a positive amount',
      lastcall: 'Last call must be a whole fund age in years (0 or more)',
    })
  })

  it('reads amounts and rates as professionals write them: 25M, 1.2bn, 300,000,000, 20%', () => {
    expect(readAmount('25M')).toBe(25_000_000)
    expect(readAmount('25mm')).toBe(25_000_000)
    expect(readAmount('1.2bn')).toBe(1_200_000_000)
    expect(readAmount('1.2B')).toBe(1_200_000_000)
    expect(readAmount('250k')).toBe(250_000)
    expect(readAmount('300,000,000')).toBe(300_000_000)
    expect(readAmount('$ 1,250.5'.replace(' ', ''))).toBe(1250.5)
    expect(readAmount('12,34')).toBeNaN()
    expect(readAmount('25 apples')).toBeNaN()
    expect(readShare('20%')).toBe(0.2)
    expect(readShare('12.5 %')).toBe(0.125)
    expect(readShare('0.2')).toBe(0.2)
    const { values, errors } = parseFundQuery(
      'commitment=25M&nav=1.2bn&paid=300,000,000&rc=25%,50%&growth=13%&yield=5%',
    )
    expect(errors).toEqual({ paid: 'Paid-in cannot exceed the commitment' })
    expect(values).toEqual({
      commitment: 25e6,
      nav: 1.2e9,
      rc: [0.25, 0.5],
      growth: [0.13],
      yield: 0.05,
    })
    expect(parseFundQuery('life=12%').errors.life).toBe('Fund life is a number, not a percentage')
    const plan = parsePortfolioQuery('mode=portfolio&total=1.2bn&liquid=300,000,000&target=20%')
    expect(plan.values).toMatchObject({ totalValue: 1.2e9, liquid: 3e8, targetShare: 0.2 })
  })

  it('reads the stress, the frequency, min_commit and the mix, and writes them back', () => {
    expect(parseStress('stress_calls=0.5&stress_nav=30%&stress_public=2')).toEqual({
      stress: { calls: 0.5, dists: 0.7, nav: 0.3, public: 0.4 },
      errors: { public: 'A fall from 0 to 1 (0.35 or 35% is a 35% fall)' },
    })
    expect(withStress('a=1', { calls: 0.5, dists: 0.7, nav: 0.25, public: 0.4 })).toBe(
      'a=1&stress_calls=0.5',
    )
    expect(parseFrequency('freq=quarterly')).toEqual({ freq: 'quarterly' })
    expect(parseFrequency('')).toEqual({ freq: 'annual' })
    expect(parseFrequency('freq=daily').error).toMatch(/quarterly/)
    const { values, errors } = parsePortfolioQuery(
      'min_commit=0.1&mix=buyout:0.6,venture:20%,real-estate:0.2',
    )
    expect(errors).toEqual({})
    expect(values.minCommit).toBe(0.1)
    expect(values.mix).toEqual([
      { assetClass: 'buyout', weight: 0.6 },
      { assetClass: 'venture', weight: 0.2 },
      { assetClass: 'real-estate', weight: 0.2 },
    ])
    expect(parsePortfolioQuery('mix=crypto:1').errors.mix).toMatch(/class:weight/)
    expect(
      parsePortfolioQuery('mix=buyout:1,venture:1,growth:1,infrastructure:1,private-credit:1')
        .errors.mix,
    ).toMatch(/one to 4/)
    expect(parsePortfolioQuery('min_commit=2').errors.min_commit).toMatch(/0 to 1/)
  })

  it('checks paid-in against the commitment', () => {
    const { values, errors } = parseFundQuery('commitment=100&paid=150&rc=0.5')
    expect(errors).toEqual({ paid: 'Paid-in cannot exceed the commitment' })
    expect(values).toEqual({ commitment: 100, rc: [0.5] })
  })

  it('treats empty and absent fields alike, and never throws on garbage', () => {
    expect(parseFundQuery('rc=&growth=%20')).toEqual({ mode: 'fund', values: {}, errors: {} })
    for (const garbage of [
      '%',
      '&&&',
      'rc=,,,',
      'commitment=1e999',
      'life=Infinity',
      'rc=' + '0.1,'.repeat(200),
    ]) {
      expect(() => parseFundQuery(garbage)).not.toThrow()
    }
    expect(parseFundQuery('commitment=1e999').errors.commitment).toBe('Commitment must be a number')
    expect(parseFundQuery('rc=0.1,,0.2').errors.rc).toMatch(/between 0 and 1/)
    expect(parseFundQuery(`rc=${'0.1,'.repeat(100)}0.1`).errors.rc).toBe(
      'Rate of contribution takes at most 100 values, one per year',
    )
  })

  it('reads mode=portfolio', () => {
    expect(parseFundQuery('mode=portfolio').mode).toBe('portfolio')
  })

  it('fills absent and invalid fields from the defaults, keeping the engine runnable', () => {
    const { inputs, errors } = fundInputsFromQuery('bow=3&life=zero', DEFAULTS)
    expect(inputs).toEqual({ ...DEFAULTS, bow: 3 })
    expect(errors).toEqual({ life: 'Fund life must be a whole number of years from 1 to 50' })
    // A paid-in that is valid on its own but above the default commitment falls back too.
    const mixed = fundInputsFromQuery('paid=20000000', DEFAULTS)
    expect(mixed.inputs).toEqual(DEFAULTS)
    expect(mixed.errors).toEqual({ paid: 'Paid-in cannot exceed the commitment' })
  })
})

describe('portfolio query string', () => {
  const plan: PortfolioPlan = {
    totalValue: 500_000_000,
    totalGrowth: 0.05,
    targetShare: 0.15,
    existingFunds: [
      {
        assetClass: 'buyout',
        commitment: 20_000_000,
        vintage: 2019,
        paidIn: 15_000_000,
        nav: 18_500_000.5,
      },
      {
        assetClass: 'real-estate',
        commitment: 10_000_000,
        vintage: 2022,
        paidIn: 4_000_000,
        nav: 4_100_000,
      },
    ],
    horizon: 35,
    startYear: 2026,
    newCommitmentClass: 'venture',
    rampYears: 6,
  }

  it('round-trips the plan', () => {
    const query = serializePortfolioQuery(plan)
    expect(query).toBe(
      'mode=portfolio&total=500000000&totalgrowth=0.05&target=0.15&horizon=35&start=2026&class=venture&ramp=6' +
        '&fund=buyout,20000000,2019,15000000,18500000.5&fund=real-estate,10000000,2022,4000000,4100000',
    )
    expect(parseFundQuery(query).mode).toBe('portfolio')
    expect(parsePortfolioQuery(query)).toEqual({ values: plan, errors: {} })
  })

  it('round-trips the plan with its scenario and bands', () => {
    const settings = { vol: 0.12, paths: 4000, seed: 77 }
    const query = withBands(withScenario(serializePortfolioQuery(plan), 'stress'), settings)
    expect(query).toMatch(/&scenario=stress&vol=0\.12&paths=4000&seed=77$/)
    // The link as the address bar holds it, read back by each part of the page.
    const url = new URL(`https://example.test/pacing?${query}`)
    expect(parseMode(url.search)).toEqual({ mode: 'portfolio' })
    expect(parsePortfolioQuery(url.search)).toEqual({ values: plan, errors: {} })
    expect(parseScenario(url.search)).toEqual({ scenario: 'stress' })
    expect(parseBandSettings(url.search)).toEqual({ settings, errors: {} })
    // The base case without bands adds nothing.
    const plain = withBands(withScenario(serializePortfolioQuery(plan), 'base'), {
      ...settings,
      vol: 0,
    })
    expect(plain).toBe(serializePortfolioQuery(plan))
  })

  it('reports bad fields and bad funds by position', () => {
    const { values, errors } = parsePortfolioQuery(
      'total=-1&totalgrowth=150%&target=1.5&horizon=200&start=99&class=hedge&ramp=x' +
        '&fund=buyout,100,2020,50,60&fund=buyout,100,2020,150,60&fund=crypto,1,2020,0,0&fund=buyout,1,2020',
    )
    expect(values).toEqual({
      existingFunds: [
        { assetClass: 'buyout', commitment: 100, vintage: 2020, paidIn: 50, nav: 60 },
      ],
    })
    expect(errors).toEqual({
      total: 'Total portfolio must be a positive amount',
      totalgrowth: 'Portfolio growth must be above -1 and at most 1 (0.05 is 5%)',
      target: 'Target share must be between 0 and 1 (0.15 is 15%)',
      horizon: 'Horizon must be a whole number of years from 1 to 100',
      start: 'Start year must be a calendar year between 1900 and 2200',
      class:
        'Asset class must be one of buyout, venture, growth, real-estate, infrastructure, private-credit',
      ramp: 'Ramp-up must be a whole number of years from 0 to 100',
      'fund.1': 'Fund 2: Paid-in cannot exceed the commitment',
      'fund.2':
        'Fund 3: Asset class must be one of buyout, venture, growth, real-estate, infrastructure, private-credit',
      'fund.3': 'Fund 4: Each fund needs class, commitment, vintage, paid-in and NAV',
    })
  })
})

describe('scenario', () => {
  it('reads scenario=, base when absent, and a message for anything else', () => {
    expect(parseScenario('scenario=stress')).toEqual({ scenario: 'stress' })
    expect(parseScenario('commitment=1')).toEqual({ scenario: 'base' })
    expect(parseScenario('scenario=worst').error).toMatch(/base, downside, upside or stress/)
    expect(withScenario('a=1', 'downside')).toBe('a=1&scenario=downside')
    expect(withScenario('a=1', 'base')).toBe('a=1')
  })
})

describe('band settings', () => {
  it('read vol, paths and seed with their defaults and messages, and write them back', () => {
    expect(parseBandSettings('')).toEqual({
      settings: { vol: 0, paths: 1000, seed: 1 },
      errors: {},
    })
    const { settings, errors } = parseBandSettings('vol=0.2&paths=5000&seed=42')
    expect(settings).toEqual({ vol: 0.2, paths: 5000, seed: 42 })
    expect(errors).toEqual({})
    const bad = parseBandSettings('vol=2&paths=0&seed=1.5')
    expect(Object.keys(bad.errors).sort()).toEqual(['paths', 'seed', 'vol'])
    expect(bad.settings).toEqual({ vol: 0, paths: 1000, seed: 1 })
    expect(withBands('a=1', settings)).toBe('a=1&vol=0.2&paths=5000&seed=42')
    expect(withBands('a=1', { vol: 0, paths: 5, seed: 5 })).toBe('a=1')
  })
})

describe('normalizeQuery', () => {
  it('spells one link one way: without "?", names sorted, repeated funds kept in order', () => {
    const a = normalizeQuery('?rc=0%2E3&fund=venture,1,2020&commitment=250&fund=buyout,2,2021')
    const b = normalizeQuery('commitment=250&fund=venture%2C1%2C2020&rc=0.3&fund=buyout,2,2021')
    expect(a).toBe(b)
    expect(new URLSearchParams(a).getAll('fund')).toEqual(['venture,1,2020', 'buyout,2,2021'])
    expect(normalizeQuery('?')).toBe('')
  })
})

describe('the plan link: liquid assets, ramp cap and fund overrides', () => {
  it('round-trips liquid, rampcap and a fund with its own parameters', () => {
    const query =
      'mode=portfolio&total=400000000&totalgrowth=0.06&target=0.25&horizon=20&start=2026&class=buyout&rampcap=0.3&liquid=40000000' +
      '&fund=buyout,10000000,2010,9000000,1000000,0,12,,0.05&fund=venture,5000000,2022,2000000,2100000'
    const { values, errors } = parsePortfolioQuery(query)
    expect(errors).toEqual({})
    expect(values.liquid).toBe(40e6)
    expect(values.rampCap).toBe(0.3)
    expect(values.existingFunds?.[0]).toMatchObject({ rc: 0, life: 12, growth: 0.05 })
    expect(values.existingFunds?.[0]?.bow).toBeUndefined()
    expect(values.existingFunds?.[1]?.rc).toBeUndefined()
    const plan = { ...values } as Parameters<typeof serializePortfolioQuery>[0]
    expect(serializePortfolioQuery(plan)).toBe(query)
  })

  it('says which override is out of range', () => {
    const { errors } = parsePortfolioQuery('fund=buyout,10,2020,5,5,2,,,&liquid=-1')
    expect(errors['fund.0']).toBe('Fund 1: Call rate must be between 0 and 1')
    expect(errors.liquid).toBe('Liquid assets must be zero or a positive amount')
  })
})
