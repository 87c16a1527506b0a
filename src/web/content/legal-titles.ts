/** The legal dialog's tab titles (SPEC.md §2 "Legal dialog"). */
import type { LegalTab } from '#src/common/paths.ts'

export const LEGAL_TITLES: Record<LegalTab, string> = {
  terms: 'Terms & Conditions',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
}
