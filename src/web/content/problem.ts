/**
 * Problem section (docs/product.md, "Routes and screens": four pains and the family-office
 * testimonial).
 */
export interface Pain {
  title: string
  text: string
  icon: 'scale' | 'clock' | 'wallet' | 'presentation'
}

export const PROBLEM_COPY = {
  eyebrow: 'The problem',
  heading: 'Private markets punish guesswork',
  intro:
    'Capital calls arrive on the GP’s schedule, not yours. Without a pacing model, a growing private-markets program drifts away from its targets, one vintage at a time.',
} as const

export const PAINS: readonly Pain[] = [
  {
    title: 'Over-Allocation',
    text: 'Commit too much in a strong vintage and NAV overshoots the target when distributions slow down, leaving you forced to sell at a discount.',
    icon: 'scale',
  },
  {
    title: 'Timing Missteps',
    text: 'Commit in bursts and your portfolio concentrates in a few vintages, exposed to a single point in the cycle.',
    icon: 'clock',
  },
  {
    title: 'Cash Drag',
    text: 'Hold too much cash for calls that never come and the uncalled reserve quietly erodes total returns.',
    icon: 'wallet',
  },
  {
    title: 'Board Scrutiny',
    text: 'Investment committees expect a defensible plan: where exposure goes, how much liquidity you need, and why.',
    icon: 'presentation',
  },
]

export const PROBLEM_QUOTE = {
  quote:
    'We missed our private-markets target allocation by more than 30% because we planned commitments on a napkin. A proper pacing model would have shown us the overshoot two years earlier.',
  name: 'Managing Partner',
  title: 'Single-family office, $350M AUM',
} as const
