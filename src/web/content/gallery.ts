/** Every word the screenshot gallery shows (docs/product.md, "Routes and screens"). */
import { MODEL_LABELS, type Model } from '#src/common/models.ts'

export const GALLERY_COPY = {
  title: (model: Model) => `${MODEL_LABELS[model]} Model Screenshots`,
  description: (model: Model) =>
    `Screens of the ${MODEL_LABELS[model]} model. Choose one to view it full size.`,
  switchLabel: 'Model',
  count: (n: number, sample = false) =>
    `${n} ${sample ? 'sample ' : ''}${n === 1 ? 'screenshot' : 'screenshots'}`,
  viewFullSize: 'View Full Size',
  loading: 'Loading screenshots…',
  empty: 'No screenshots are available for this model yet.',
  footer: (model: Model) =>
    `These screenshots show the actual interface and outputs of the ${MODEL_LABELS[model]} model. Download the free trial model and try it with your own portfolio.`,
  /** While the shipped sample screenshots are installed (docs/product.md). */
  sampleFooter: (model: Model) =>
    `These are sample screenshots of the ${MODEL_LABELS[model]} model's layout, drawn from an illustrative portfolio rather than captured from a client's workbook. Download the free trial model and try it with your own portfolio.`,
  trialCta: 'Get Free Trial Model',
  back: 'Back to gallery',
  previous: 'Previous screenshot',
  next: 'Next screenshot',
  counter: (n: number, total: number) => `${n} of ${total}`,
  openOriginal: 'Open full resolution',
  actualSize: 'Actual size',
  panHint: 'Drag to pan, pinch to zoom.',
  newTab: '(opens in a new tab)',
  close: 'Close screenshots',
} as const
