/**
 * The three legal texts (markdown under content/legal), rendered to HTML in the lazily loaded
 * legal dialog chunk, so neither the texts nor the markdown parser weigh on the first load.
 * The markdown is our own content, not visitor input, so its HTML is trusted.
 */
import { marked } from 'marked'
import type { LegalTab } from '#src/common/paths.ts'
import { LEGAL_UPDATED_TEXT } from '#src/common/site/legal.ts'
import type { PublicSettings } from '#src/common/site/settings.ts'
import cookies from '../../content/legal/cookies.md?raw'
import privacy from '../../content/legal/privacy.md?raw'
import { settings } from '../../settings.ts'
import terms from '../../content/legal/terms.md?raw'
import { labelTableCells } from '../../components/ui/stacked-table.ts'

const SOURCES: Record<LegalTab, string> = { terms, privacy, cookies }

function escapeMarkdown(value: string): string {
  return value.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&')
}

/**
 * Fills {{brand}}, {{supportEmail}}, {{updated}} and the company's details from the public
 * settings, so the texts name the same company as /about: {{companyName}},
 * {{companyAddress}} (with the country), and {{companyIdPart}} and {{companyRegistryPart}},
 * which are ", company ID …" and ", registered in the …" or nothing when that setting is empty,
 * so a text never says "company ID not registered".
 */
export function fillLegalPlaceholders(
  markdown: string,
  site: Pick<PublicSettings, 'brandName' | 'supportEmail' | 'company'> = settings,
): string {
  const { company } = site
  const values: Record<string, string> = {
    brand: site.brandName,
    supportEmail: site.supportEmail,
    updated: LEGAL_UPDATED_TEXT,
    companyName: company.legalName,
    companyAddress: [company.address, company.country].filter(Boolean).join(', '),
    companyIdPart: company.registrationId ? `, company ID ${company.registrationId}` : '',
    companyRegistryPart: company.registry ? `, registered in the ${company.registry}` : '',
  }
  return markdown.replace(/\{\{(\w+)\}\}/g, (match, name: string) => {
    const value = values[name]
    if (value === undefined) return match
    // Inside a link target the e-mail must stay as it is; elsewhere it is plain text.
    return name === 'supportEmail' ? value : escapeMarkdown(value)
  })
}

const cache = new Map<LegalTab, string>()

export function legalHtml(tab: LegalTab): string {
  let html = cache.get(tab)
  if (html === undefined) {
    // Each cell names its column, so a table reflows on a phone (legal-dialog.tsx).
    html = labelTableCells(
      marked.parse(fillLegalPlaceholders(SOURCES[tab]), { async: false, gfm: true }),
    )
    cache.set(tab, html)
  }
  return html
}
