/**
 * The pricing cards' keys-left lines (trial-key-slots.ts), filled in when pricing comes near:
 * the trial form's code, which fetches the counts too, loads only when the form does.
 */
import { fetchLicenseCounts } from './trial-api.ts'
import { fillTrialKeySlots } from './trial-key-slots.ts'

// Loaded on demand by pages/home/home-page.tsx, which the checker does not follow.
// ts-unused-exports:disable-next-line
export async function fillPricingKeys(): Promise<void> {
  try {
    fillTrialKeySlots(await fetchLicenseCounts())
  } catch (error) {
    // The neutral line stays; the trial form says so if the counts cannot be had.
    console.warn('License counts failed to load', error)
  }
}
