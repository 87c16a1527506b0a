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
