/**
 * The words of /methodology around the facts, which live beside the engine in
 * src/common/pacing/methodology.ts (formulas, conventions, preset sources, test cases).
 */
export const METHODOLOGY_COPY = {
  eyebrow: 'Pacing Lab methodology',
  heading: 'How the Pacing Lab calculates',
  intro:
    'The lab implements the four equations of the Takahashi-Alexander model of an illiquid fund in plain TypeScript that runs in your browser. The equations are the paper’s; several conventions around them (past the fund’s life, per-year lists, funds under way, the key figures) are ours, and this page says which. It also gives the scenario, stress and uncertainty definitions (calls at risk among them), the figures of a fund under way, the plan’s rules and ratios, the quarterly conversion, where each preset’s parameters come from, and the cases the code is tested against.',
  openLab: 'Open the Pacing Lab',
  reference: 'The model',
  formulasHeading: 'Formulas',
  formulasIntro: 'Annual steps; t is the fund’s age at the end of year t.',
  conventionsHeading: 'Conventions',
  paperConventions: 'From the paper',
  ourConventions: 'Ours: what the paper leaves open',
  uncertaintyHeading: 'Scenarios, the stress and uncertainty bands',
  portfolioHeading: 'The portfolio plan',
  presetsHeading: 'Presets and their sources',
  presetsIntro:
    'The paper publishes parameter sets for venture capital, buyout and real estate; the buyout and real estate presets use them as published. The venture preset is the set of our Advanced Excel model, which departs from the paper’s (both are given). The other presets are derived, and we say how.',
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
  testsHeading: 'Test cases and their sources',
  testsIntro:
    'The engine’s unit tests check it against these cases on every change. The first four come from the public test suites of open-source projects (linked); they check that our arithmetic matches theirs, not that the model predicts real funds. The others are computed by this project. The file of each test is named.',
  testColumns: { checks: 'What is checked', tolerance: 'Tolerance', test: 'Test' },
  sourceLink: 'Source',
  tableRegion: (name: string) => `${name}, scrolls sideways`,
} as const
