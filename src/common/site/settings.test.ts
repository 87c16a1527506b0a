import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SETTINGS,
  isCzechCompanyId,
  isPlaceholder,
  placeholderSettings,
  resolveSettings,
} from './settings.ts'

describe('the Czech company ID (IČO)', () => {
  it('accepts 8 digits whose last is the check digit of the first seven', () => {
    // Real registrations, and the two check-digit edge cases (remainder 0 gives 1, 1 gives 0).
    for (const id of ['25596641', '00006947', '12345679', '00000001', '27082440'])
      expect(isCzechCompanyId(id), id).toBe(true)
    expect(
      resolveSettings({ SITE_COMPANY_REGISTRATION_ID: '25596641' }).company.registrationId,
    ).toBe('25596641')
  })

  it('refuses a wrong check digit, a wrong length and anything but digits, naming the variable', () => {
    // 21984512 was the shipped default: its check digit should be 4.
    for (const id of ['21984512', '25596642', '1234567', '123456789', '2559664a', 'CZ25596641'])
      expect(() => resolveSettings({ SITE_COMPANY_REGISTRATION_ID: id }), id).toThrow(
        /SITE_COMPANY_REGISTRATION_ID: must be a Czech company ID/,
      )
  })

  it('may be empty: the line is hidden', () => {
    expect(resolveSettings({ SITE_COMPANY_REGISTRATION_ID: '' }).company.registrationId).toBe('')
  })
})

describe('the VAT ID', () => {
  it('is CZ and 8 to 10 digits, or empty', () => {
    for (const id of ['CZ25596641', 'CZ699001234', 'CZ7103192745', ''])
      expect(resolveSettings({ SITE_COMPANY_VAT_ID: id }).company.vatId).toBe(id)
    for (const id of ['25596641', 'CZ1234567', 'CZ12345678901', 'cz25596641', 'DE123456789'])
      expect(() => resolveSettings({ SITE_COMPANY_VAT_ID: id }), id).toThrow(
        /SITE_COMPANY_VAT_ID: must be a Czech VAT ID/,
      )
  })
})

describe('the installer checksums and the signing certificate', () => {
  it('are unset by default and take hex digests of the right length', () => {
    expect(DEFAULT_SETTINGS.installerSha256).toEqual({ basic: '', advanced: '' })
    expect(DEFAULT_SETTINGS.signingThumbprint).toBe('')
    const sha = 'a'.repeat(64)
    const settings = resolveSettings({
      SITE_INSTALLER_SHA256_ADVANCED: sha,
      SITE_SIGNING_CERT_THUMBPRINT: '3F'.repeat(20),
    })
    expect(settings.installerSha256).toEqual({ basic: '', advanced: sha })
    expect(settings.signingThumbprint).toBe('3F'.repeat(20))
  })

  it('refuse what is not such a digest, naming the variable', () => {
    expect(() => resolveSettings({ SITE_INSTALLER_SHA256_BASIC: 'abc' })).toThrow(
      /SITE_INSTALLER_SHA256_BASIC: must be a SHA-256 digest/,
    )
    expect(() => resolveSettings({ SITE_SIGNING_CERT_THUMBPRINT: 'z'.repeat(40) })).toThrow(
      /SITE_SIGNING_CERT_THUMBPRINT: must be a certificate thumbprint/,
    )
  })
})

describe('the shipped defaults', () => {
  it('pass their own checks and invent no fact a buyer could take for real', () => {
    expect(resolveSettings({})).toEqual(DEFAULT_SETTINGS)
    const { company } = DEFAULT_SETTINGS
    // What must be shown is a blank in brackets; what may be hidden is empty.
    expect(isPlaceholder(company.legalName)).toBe(true)
    expect(isPlaceholder(company.address)).toBe(true)
    expect([company.registrationId, company.vatId, company.registry]).toEqual(['', '', ''])
    expect([DEFAULT_SETTINGS.phone, DEFAULT_SETTINGS.hostName, DEFAULT_SETTINGS.hostEmail]).toEqual(
      ['', '', ''],
    )
    for (const person of DEFAULT_SETTINGS.people) expect(isPlaceholder(person.name)).toBe(true)
  })

  it('count as placeholders until replaced, also when another blank in brackets is set', () => {
    expect(
      placeholderSettings(
        resolveSettings({
          SITE_COMPANY_LEGAL_NAME: '[Our company]',
          SITE_COMPANY_ADDRESS: 'Na Příkopě 1, 110 00 Praha 1',
          SITE_PEOPLE: '[]',
          SITE_PHONE: '[phone]',
        }),
      ),
    ).toEqual(['SITE_COMPANY_LEGAL_NAME', 'SITE_PHONE'])
  })
})
