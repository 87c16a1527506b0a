/**
 * A portfolio plan's strategy mix (docs/product.md): new commitments split across up to four asset
 * classes by weight, as `mix=buyout:0.6,venture:0.2,...` writes it. Apart from portfolio.ts so the
 * one-fund page's query parsing (query.ts) does not pull the plan's engine into its first script.
 */
import { isAssetClass, type AssetClass } from './presets.ts'

/** One strategy of the new commitments' mix. */
export interface MixEntry {
  assetClass: AssetClass
  /** A positive weight; the weights are scaled to add up to 1. */
  weight: number
}

/** At most this many strategies in a mix. */
const MAX_MIX = 4

/** The first rule a strategy mix breaks, or null. */
export function findMixError(mix: readonly MixEntry[]): string | null {
  if (mix.length === 0 || mix.length > MAX_MIX)
    return `A mix has one to ${MAX_MIX} strategies, such as buyout:0.6,venture:0.4`
  const seen = new Set<string>()
  for (const m of mix) {
    if (!isAssetClass(m.assetClass)) return 'Each strategy of the mix must be a known asset class'
    if (seen.has(m.assetClass)) return 'Name each strategy of the mix once'
    seen.add(m.assetClass)
    if (!Number.isFinite(m.weight) || m.weight <= 0 || m.weight > 1e6)
      return 'Each weight of the mix must be a positive number'
  }
  return null
}
