import { describe, expect, it } from 'vitest'
import { DOCUMENTS } from './content/documents.ts'
import { renderHead } from './head.ts'

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

  it('names the company behind the brand, with its legal name and address', () => {
    for (const name of ['home', 'about']) {
      const head = renderHead(doc(name))
      const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(head)?.[1]
      const parsed = JSON.parse(json!) as Record<string, unknown> | Array<Record<string, unknown>>
      const organisation = Array.isArray(parsed) ? parsed[0]! : parsed
      expect(organisation, name).toMatchObject({
        '@type': 'Organization',
        legalName: 'PacePoint Analytics s.r.o.',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Vinohradská 1511/230',
          postalCode: '100 00',
          addressLocality: 'Praha 10',
          addressCountry: 'Czechia',
        },
      })
    }
  })
})
