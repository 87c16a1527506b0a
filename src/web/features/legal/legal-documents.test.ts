import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, type PublicSettings } from '#src/common/site/settings.ts'
import privacy from '../../content/legal/privacy.md?raw'
import terms from '../../content/legal/terms.md?raw'
import { fillLegalPlaceholders, legalHtml } from './legal-documents.ts'

const COMPANY: PublicSettings['company'] = {
  legalName: 'PacePoint Analytics s.r.o.',
  registrationId: '25596641',
  vatId: 'CZ25596641',
  registry: 'Commercial Register of the Municipal Court in Prague, file C 402117',
  address: 'Vinohradská 1511/230, 100 00 Praha 10',
  country: 'Czechia',
}

function withCompany(company: Partial<PublicSettings['company']>): PublicSettings {
  return { ...DEFAULT_SETTINGS, company: { ...COMPANY, ...company } }
}

describe('the legal texts', () => {
  it('name the company of the settings with its address, ID and register', () => {
    const text = fillLegalPlaceholders(terms, withCompany({}))
    expect(text).toContain(
      'provided by PacePoint Analytics s\\.r\\.o\\. ("PacePoint", "we", "us", "our"), with its registered office at Vinohradská 1511/230, 100 00 Praha 10, Czechia, company ID 25596641, registered in the Commercial Register of the Municipal Court in Prague, file C 402117.',
    )
    expect(text).not.toMatch(/\{\{\w+\}\}/)
    expect(fillLegalPlaceholders(privacy, DEFAULT_SETTINGS)).not.toMatch(/\{\{\w+\}\}/)
  })

  it('leave out a company ID or register the operator left empty, instead of inventing one', () => {
    const site = withCompany({ registrationId: '', registry: '' })
    const text = fillLegalPlaceholders(terms, site)
    expect(text).toContain('registered office at Vinohradská 1511/230, 100 00 Praha 10, Czechia.')
    expect(text).not.toMatch(/company ID|registered in the/)
    expect(fillLegalPlaceholders(privacy, site)).toContain(
      'Vinohradská 1511/230, 100 00 Praha 10, Czechia, collects',
    )
  })

  it('say in section 1 of the privacy policy what an invoice request stores and why', () => {
    const html = legalHtml('privacy')
    const section1 = html.slice(html.indexOf('1. What we collect'), html.indexOf('2. Why'))
    expect(section1).toContain('When you ask for an invoice')
    for (const field of ['first name', 'last name', 'e-mail', 'company', 'message'])
      expect(section1).toContain(field)
    expect(section1).toMatch(/prepare and send your invoice/)
  })
})
