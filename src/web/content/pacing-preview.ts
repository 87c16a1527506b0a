/**
 * What a shared /pacing link says in a link preview (its <title>, description and social cards):
 * the link's own figures, never the page's default text (docs/product.md, "Search and sharing").
 * Amounts come formatted; they are in the link's currency units, which the lab does not name.
 * Descriptions stay near the 160 characters a search result or a chat preview shows.
 */
export const LINK_PREVIEW_COPY = {
  fund: {
    /** "buyout fund", "fund at age 3", "venture capital fund, downside case". */
    subject: (kind: string | null, age: number, scenario: string | null) =>
      `${kind ? `${kind.toLowerCase()} fund` : 'fund'}${age > 0 ? ` at age ${age}` : ''}${
        scenario ? `, ${scenario.toLowerCase()} case` : ''
      }`,
    title: (commitment: string, subject: string, peak: string, peakYear: number, tvpi: string) =>
      `Pacing Lab: ${commitment} ${subject} — peak NAV ${peak} in year ${peakYear}${tvpi ? `, TVPI ${tvpi}` : ''}`,
    /** "Life 12 years, bow 2.5, growth 13.0%: …." */
    description: (life: number, bow: number, growth: string, figures: readonly string[]) =>
      `Life ${life} ${life === 1 ? 'year' : 'years'}, bow ${bow}, growth ${growth}: ${figures.join(', ')}.`,
    growthList: (first: string) => `${first} at first`,
    trough: (value: string, year: number) =>
      `deepest cumulative net cash flow ${value} in year ${year}`,
    breakEven: (year: number) => `break-even in year ${year}`,
    noBreakEven: 'no break-even in the horizon',
    irr: (value: string) => `IRR ${value}`,
  },
  plan: {
    title: (total: string, target: string, outcome: string) =>
      `Pacing Lab plan: ${total} portfolio, ${target} private target — ${outcome}`,
    committing: (first: string, startYear: number, atTarget: number | null, lastYear: number) =>
      `commit ${first} in ${startYear}, ${atTarget === null ? `target not reached by ${lastYear}` : `at target in ${atTarget}`}`,
    exceeded: 'already above target',
    refused: 'target refused',
    /** "2 existing funds, 2026 to 2040: …" */
    description: (funds: number, from: number, to: number, detail: string) =>
      `${funds === 0 ? 'No existing funds' : `${funds} existing ${funds === 1 ? 'fund' : 'funds'}`}, ${from} to ${to}: ${detail}`,
    figures: (atTarget: number | null, share: string, lastYear: number, unfunded: string) =>
      `${atTarget === null ? 'target not reached' : `target first reached in ${atTarget}`}, ` +
      `private share ${share} in ${lastYear}, unfunded commitments up to ${unfunded}.`,
  },
  linkProblems: 'Some values in the link could not be used; defaults stand in.',
  /** A link whose inputs are not all valid shows no figures (docs/product.md), nor does its preview. */
  invalid: {
    title: 'Pacing Lab: this link has values that cannot be used',
    description:
      'Open it to see which values are marked and fix them; no figures are shown for a link whose inputs are not all valid.',
  },
} as const
