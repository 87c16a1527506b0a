/**
 * The hero's crops of a real dashboard (docs/architecture.md, "Budgets"): one for wide screens, the
 * dashboard's full width, so no KPI card or chart is cut at the side (a 1060 px crop cut the
 * fourth card in half), drawn nearly at its own pixel size; and a tighter one for phones.
 * scripts/images.ts cuts them from the full-size screenshot; hero.tsx draws them. Rectangles are
 * in the 1600x1000 screenshot's pixels.
 */
export const HERO_SOURCE = { model: 'advanced', file: 'Exposure_Dashboard.png' } as const

export const HERO_CROPS = {
  wide: { left: 0, top: 0, width: 1600, height: 740, widths: [720, 1060, 1600] },
  phone: { left: 40, top: 152, width: 640, height: 520, widths: [400, 640] },
} as const

type HeroCrop = keyof typeof HERO_CROPS

export function heroImagePath(crop: HeroCrop, width: number, format: 'webp' | 'avif'): string {
  return `/custom-uploads/hero/exposure-${crop}-${width}.${format}`
}
