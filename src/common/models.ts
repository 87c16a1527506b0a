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

/**
 * One-time license prices in US dollars (docs/product.md), for e-mails; the pages' copy has its
 * own.
 */
export const MODEL_PRICES_USD: Record<Model, number> = {
  basic: 849,
  advanced: 2899,
}

/** How long a trial key runs the model, counted from its activation (docs/product.md). */
export const TRIAL_VALID_DAYS = 10

/** The money-back guarantee on a bought license (docs/product.md); pages and e-mails say it. */
export const MONEY_BACK_DAYS = 30
