import { describe, expect, it } from 'vitest'
import { buyTarget } from './buying.ts'
import {
  DEFAULT_SETTINGS,
  placeholderSettings,
  resolveSettings,
  SettingsError,
} from './settings.ts'

describe('buyTarget', () => {
  it('opens the invoice dialog when no checkout link is set', () => {
    expect(buyTarget(DEFAULT_SETTINGS, 'basic')).toEqual({ kind: 'invoice' })
    expect(buyTarget(DEFAULT_SETTINGS, 'advanced')).toEqual({ kind: 'invoice' })
  })

  it('goes to the model’s own checkout link when one is set', () => {
    const settings = resolveSettings({
      SITE_CHECKOUT_URL_ADVANCED: 'https://pacepoint.lemonsqueezy.com/buy/advanced',
    })
    expect(buyTarget(settings, 'advanced')).toEqual({
      kind: 'checkout',
      url: 'https://pacepoint.lemonsqueezy.com/buy/advanced',
    })
    expect(buyTarget(settings, 'basic')).toEqual({ kind: 'invoice' })
  })

  it('refuses a checkout link that is not https, naming the variable', () => {
    expect(() => resolveSettings({ SITE_CHECKOUT_URL_BASIC: 'http://pay.example.com' })).toThrow(
      /SITE_CHECKOUT_URL_BASIC: /,
    )
    expect(() => resolveSettings({ SITE_CHECKOUT_URL_BASIC: 'javascript:alert(1)' })).toThrow(
      SettingsError,
    )
  })
})

describe('company and people settings', () => {
  it('take SITE_COMPANY_* and SITE_PEOPLE', () => {
    const settings = resolveSettings({
      SITE_COMPANY_LEGAL_NAME: 'Example Models s.r.o.',
      SITE_COMPANY_ADDRESS: 'Na Příkopě 1, 110 00 Praha 1',
      SITE_PEOPLE: JSON.stringify([{ name: 'Jana Malá', role: 'Founder', bio: 'Builds models.' }]),
    })
    expect(settings.company.legalName).toBe('Example Models s.r.o.')
    expect(settings.company.address).toBe('Na Příkopě 1, 110 00 Praha 1')
    expect(settings.company.country).toBe(DEFAULT_SETTINGS.company.country)
    expect(settings.people).toEqual([{ name: 'Jana Malá', role: 'Founder', bio: 'Builds models.' }])
    expect(resolveSettings({ SITE_PEOPLE: '' }).people).toEqual([])
  })

  it('name the bad variable', () => {
    expect(() => resolveSettings({ SITE_COMPANY_LEGAL_NAME: '' })).toThrow(
      /SITE_COMPANY_LEGAL_NAME: must not be empty/,
    )
    expect(() => resolveSettings({ SITE_PEOPLE: 'not json' })).toThrow(/SITE_PEOPLE/)
    expect(() => resolveSettings({ SITE_PEOPLE: '[{"role":"x","bio":""}]' })).toThrow(
      /SITE_PEOPLE \(0\.name\)/,
    )
  })
})

describe('placeholderSettings', () => {
  it('names every shipped placeholder a visitor would take for a fact', () => {
    // The IDs, register, phone and host are unset by default (hidden), so not placeholders.
    expect(placeholderSettings(DEFAULT_SETTINGS)).toEqual([
      'SITE_COMPANY_LEGAL_NAME',
      'SITE_COMPANY_ADDRESS',
      'SITE_PEOPLE',
    ])
  })

  it('is empty once the operator has replaced or emptied them', () => {
    const settings = resolveSettings({
      SITE_COMPANY_LEGAL_NAME: 'Example Models s.r.o.',
      SITE_COMPANY_REGISTRATION_ID: '12345679',
      SITE_COMPANY_VAT_ID: '',
      SITE_COMPANY_REGISTRY: 'Commercial Register of the Regional Court in Brno, file C 1',
      SITE_COMPANY_ADDRESS: 'Náměstí Svobody 1, 602 00 Brno',
      SITE_PEOPLE: '[]',
      SITE_PHONE: '+420 555 000 000',
      SITE_HOST_NAME: 'Jana Malá',
      SITE_HOST_EMAIL: 'jana@example.com',
    })
    expect(placeholderSettings(settings)).toEqual([])
  })
})
