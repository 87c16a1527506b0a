import { describe, expect, it } from 'vitest'
import { findFundInputError } from './engine.ts'
import { PRESET_SOURCES, TEST_CASES } from './methodology.ts'
import { ASSET_CLASSES, PRESETS, YALE_VENTURE, presetParametersAtAge } from './presets.ts'

describe('presets', () => {
  it('exist for the six asset classes of the issue, each runnable and sourced', () => {
    expect([...ASSET_CLASSES].sort()).toEqual(
      ['buyout', 'growth', 'infrastructure', 'private-credit', 'real-estate', 'venture'].sort(),
    )
    for (const id of ASSET_CLASSES) {
      const preset = PRESETS[id]
      expect(preset.id).toBe(id)
      expect(findFundInputError({ commitment: 1, ...preset.parameters })).toBeNull()
      expect(preset.sources.length).toBeGreaterThan(0)
      for (const s of preset.sources) {
        expect(s.title && s.author && s.gives).toBeTruthy()
        // A public source, or a page of this site (our own Advanced workbook).
        expect(s.url).toMatch(/^(https:\/\/|\/)/)
      }
      // A derived preset must say what it is derived from.
      expect(preset.basis === 'derived').toBe(Boolean(preset.derivation))
    }
  })

  it('keep the paper’s published sets as the reproduction of Exhibit 1 gives them', () => {
    expect(YALE_VENTURE).toEqual({
      rc: [0.25, 1 / 3, 0.5],
      life: 12,
      bow: 2.5,
      growth: 0.13,
      yield: 0,
    })
    expect(PRESETS.buyout.parameters).toEqual({
      rc: [0.25, 0.5],
      life: 12,
      bow: 2.5,
      growth: 0.13,
      yield: 0,
    })
    expect(PRESETS['real-estate'].parameters).toEqual({
      rc: 0.4,
      life: 12,
      bow: 5,
      growth: 0.08,
      yield: 0.05,
    })
  })

  it('give venture the Advanced workbook’s set', () => {
    expect(PRESETS.venture.parameters).toEqual({
      rc: [0.2, 0.25, 0.33, 0.4],
      life: 14,
      bow: 3.2,
      growth: 0.16,
      yield: 0,
    })
  })

  it('feed /methodology', () => {
    expect(PRESET_SOURCES.map((p) => p.id)).toEqual([...ASSET_CLASSES])
    expect(TEST_CASES.every((t) => t.test.endsWith('.test.ts'))).toBe(true)
  })
})

describe('presetParametersAtAge', () => {
  it('skips the call-schedule years a fund under way has lived', () => {
    expect(presetParametersAtAge('venture', 0).rc).toEqual([0.2, 0.25, 0.33, 0.4])
    expect(presetParametersAtAge('venture', 1).rc).toEqual([0.25, 0.33, 0.4])
    expect(presetParametersAtAge('venture', 7).rc).toEqual([0.4])
    expect(presetParametersAtAge('real-estate', 3).rc).toBe(0.4)
  })
})
