import { describe, expect, it } from 'vitest'
import { DOCUMENTS } from './content/documents.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { organisationData, renderHead } from './head.ts'

const doc = (name: string) => {
  const found = DOCUMENTS.find((d) => d.name === name)
  if (!found) throw new Error(`no document ${name}`)
  return found
}

describe('renderHead', () => {
  it('gives each page its own title, description and canonical URL under PUBLIC_URL', () => {
    const head = renderHead(doc('privacy-policy'))
    expect(head).toContain('<title>Privacy Policy | PacePoint</title>')
    expect(head).toContain('<link rel="canonical" href="%PUBLIC_URL%/privacy-policy" />')
    expect(head).toMatch(/<meta name="description" content="[^"]+" \/>/)
    expect(head).toContain('<meta property="og:image" content="%PUBLIC_URL%/og-image.png" />')
  })

  it('gives the Pacing Lab and its methodology their own title, description and canonical URL', () => {
    for (const [name, path] of [
      ['pacing', '/pacing'],
      ['methodology', '/methodology'],
    ] as const) {
      const head = renderHead(doc(name))
      expect(head).toContain(`<link rel="canonical" href="%PUBLIC_URL%${path}" />`)
      expect(head).toContain(`<meta property="og:url" content="%PUBLIC_URL%${path}" />`)
      expect(head).toMatch(/<title>[^<]*Pacing Lab[^<]*<\/title>/)
      expect(head).not.toContain('noindex')
    }
    expect(doc('pacing').description).not.toBe(doc('methodology').description)
  })

  it('credits /terms for the second address of the terms', () => {
    expect(renderHead(doc('legal-terms'))).toContain(
      '<link rel="canonical" href="%PUBLIC_URL%/terms" />',
    )
  })

  it('keeps pages that follow an action out of search engines', () => {
    for (const name of ['thank-you', 'scheduling-thank-you', 'lnf', 'not-found']) {
      expect(renderHead(doc(name)), name).toContain('<meta name="robots" content="noindex" />')
    }
    expect(renderHead(doc('home'))).not.toContain('noindex')
  })

  it('describes the organisation and both models with their offers on the home page only', () => {
    const head = renderHead(doc('home'))
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(head)?.[1]
    const data = JSON.parse(json!) as Array<Record<string, unknown>>
    expect(data.map((d) => d['@type'])).toEqual(['Organization', 'Product', 'Product'])
    const offers = data.slice(1).map((d) => d.offers as { price: string; priceCurrency: string })
    expect(offers).toEqual([
      expect.objectContaining({ price: '849', priceCurrency: 'USD' }),
      expect.objectContaining({ price: '2899', priceCurrency: 'USD' }),
    ])
    expect(renderHead(doc('thank-you'))).not.toContain('ld+json')
  })

  it('names the company behind the brand, with its legal name, IDs and address', () => {
    const organisation = organisationData({
      ...DEFAULT_SETTINGS,
      phone: '+420 222 333 444',
      company: {
        legalName: 'Example Models s.r.o.',
        registrationId: '25596641',
        vatId: 'CZ25596641',
        registry: 'Commercial Register of the Municipal Court in Prague, file C 1',
        address: 'Vinohradská 1511/230, 100 00 Praha 10',
        country: 'Czechia',
      },
    })
    expect(organisation).toMatchObject({
      '@type': 'Organization',
      legalName: 'Example Models s.r.o.',
      telephone: '+420 222 333 444',
      identifier: '25596641',
      vatID: 'CZ25596641',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Vinohradská 1511/230',
        postalCode: '100 00',
        addressLocality: 'Praha 10',
        addressCountry: 'Czechia',
      },
    })
  })

  it('tells search engines nothing that is unset or still a placeholder', () => {
    for (const name of ['home', 'about']) {
      const head = renderHead(doc(name))
      const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(head)?.[1]
      const parsed = JSON.parse(json!) as Record<string, unknown> | Array<Record<string, unknown>>
      const organisation = Array.isArray(parsed) ? parsed[0]! : parsed
      expect(organisation, name).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'PacePoint',
        url: '%PUBLIC_URL%/',
        logo: '%PUBLIC_URL%/icons/icon-512.png',
        email: DEFAULT_SETTINGS.supportEmail,
        address: { '@type': 'PostalAddress', addressCountry: 'Czechia' },
      })
      expect(JSON.stringify(organisation), name).not.toContain('[')
    }
  })
})
