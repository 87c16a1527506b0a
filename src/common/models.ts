/** The two downloadable pacing models. One list, so the form, the API and the CLI agree. */
export const MODELS = ['basic', 'advanced'] as const
export type Model = (typeof MODELS)[number]

export function isModel(value: unknown): value is Model {
  return typeof value === 'string' && (MODELS as readonly string[]).includes(value)
}

export const MODEL_LABELS: Record<Model, string> = {
  basic: 'Basic',
  advanced: 'Advanced',
}

/** One-time license prices in US dollars (SPEC.md §9), for e-mails; the pages' copy has its own. */
export const MODEL_PRICES_USD: Record<Model, number> = {
  basic: 849,
  advanced: 2899,
}
