/** The legal dialog's tab titles (docs/product.md, "Routes and screens"). */
import type { LegalTab } from '#src/common/paths.ts'

export const LEGAL_TITLES: Record<LegalTab, string> = {
  terms: 'Terms & Conditions',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
}
