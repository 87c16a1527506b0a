/**
 * How the models work: the section between problem and features (docs/product.md,
 * "Routes and screens").
 */
export const METHOD_COPY = {
  eyebrow: 'How it works',
  heading: 'The Takahashi-Alexander method, in a model you can audit',
  intro:
    'The method Yale’s endowment published to forecast private-fund cash flows, extended with your actuals each quarter. Every formula is in the workbook, nothing is hidden in a black box.',
} as const

export const METHOD_STEPS = [
  {
    step: '1',
    title: 'Enter your commitments',
    text: 'Add each fund with its commitment, vintage and strategy, then its calls, distributions and NAV as they arrive.',
  },
  {
    step: '2',
    title: 'Set the assumptions',
    text: 'Contribution rates, bow factor, fund life and growth per strategy, with sensible defaults to start from.',
  },
  {
    step: '3',
    title: 'Read the forecast',
    text: 'Cash flows, NAV and exposure for up to 35 years, rolled forward from your latest quarter and ready for the committee.',
  },
] as const

export const METHOD_STATS = [
  { value: '$849', label: 'one-time, Basic model' },
  { value: '35 yrs', label: 'forecast horizon, Advanced' },
  { value: '10 days', label: 'free trial on your data' },
] as const
