/**
 * The words of /methodology around the facts, which live beside the engine in
 * src/common/pacing/methodology.ts (formulas, conventions, preset sources, test cases).
 */
export const METHODOLOGY_COPY = {
  eyebrow: 'Pacing Lab methodology',
  heading: 'How the Pacing Lab calculates',
  intro:
    'The lab implements the Takahashi-Alexander model of an illiquid fund exactly as published, in plain TypeScript that runs in your browser. This page gives the formulas, the conventions we had to fix, where each preset’s parameters come from, and the public cases the code is tested against.',
  openLab: 'Open the Pacing Lab',
  reference: 'The model',
  formulasHeading: 'Formulas',
  formulasIntro: 'Annual steps; t is the fund’s age at the end of year t.',
  conventionsHeading: 'Conventions',
  portfolioHeading: 'The portfolio plan',
  presetsHeading: 'Presets and their sources',
  presetsIntro:
    'Only venture capital, buyout and real estate have published Takahashi-Alexander parameter sets; the other presets are derived from them, and we say how.',
  presetColumns: {
    assetClass: 'Asset class',
    rc: 'Call rates (RC)',
    life: 'Life (L)',
    bow: 'Bow (B)',
    growth: 'Growth (G)',
    yield: 'Yield (Y)',
    basis: 'Basis',
  },
  basis: { published: 'Published', derived: 'Derived' },
  sources: 'Sources',
  testsHeading: 'Public test cases',
  testsIntro:
    'The engine’s unit tests check it against these published results on every change; the file of each test is named.',
  testColumns: { checks: 'What is checked', tolerance: 'Tolerance', test: 'Test' },
  sourceLink: 'Source',
  tableRegion: (name: string) => `${name}, scrolls sideways`,
} as const
