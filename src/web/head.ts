/**
 * The <head> of each pre-rendered document: title, description, canonical URL, social cards,
 * structured data, icons. Absolute URLs carry the %PUBLIC_URL% placeholder, which the server
 * replaces with PUBLIC_URL when it loads the documents, so one build serves any domain.
 */
import type { DocumentSpec } from './content/documents.ts'
import { PLANS } from './content/pricing.ts'
import { isPlaceholder, type PublicSettings } from '#src/common/site/settings.ts'
import { settings } from './settings.ts'

const PUBLIC_URL_PLACEHOLDER = '%PUBLIC_URL%'

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** JSON inside <script> must not be able to close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/** The company behind the brand : its legal name and registered address. */
export function organisationData(
  site: Pick<PublicSettings, 'brandName' | 'supportEmail' | 'phone' | 'company'> = settings,
): Record<string, unknown> {
  const base = PUBLIC_URL_PLACEHOLDER
  const company = site.company
  // "Street 1, 100 00 City": the last part holds the postcode and the city.
  const parts = company.address.split(',').map((part) => part.trim())
  const locality = parts.length > 1 ? parts.pop()! : ''
  const postcode = /^(\d{3}\s?\d{2})\s+(.*)$/.exec(locality)
  // A blank still in brackets is not a fact to tell search engines (settings.ts, isPlaceholder).
  const set = (value: string) => value !== '' && !isPlaceholder(value)
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.brandName,
    ...(set(company.legalName) ? { legalName: company.legalName } : {}),
    url: `${base}/`,
    logo: `${base}/icons/icon-512.png`,
    email: site.supportEmail,
    ...(set(site.phone) ? { telephone: site.phone } : {}),
    ...(set(company.registrationId) ? { identifier: company.registrationId } : {}),
    ...(set(company.vatId) ? { vatID: company.vatId } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(set(company.address)
        ? {
            streetAddress: parts.join(', '),
            ...(postcode
              ? { postalCode: postcode[1], addressLocality: postcode[2] }
              : locality
                ? { addressLocality: locality }
                : {}),
          }
        : {}),
      addressCountry: company.country,
    },
  }
}

function structuredData(): unknown[] {
  const base = PUBLIC_URL_PLACEHOLDER
  const organisation = organisationData()
  const products = PLANS.map((plan) => ({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${settings.brandName} ${plan.name} Pacing Model`,
    description: plan.summary,
    brand: { '@type': 'Brand', name: settings.brandName },
    image: `${base}/og-image.png`,
    offers: {
      '@type': 'Offer',
      price: String(plan.priceUsd),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: `${base}/#pricing`,
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'CZ',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 30,
        returnFees: 'https://schema.org/FreeReturn',
      },
    },
  }))
  return [organisation, ...products]
}

export function renderHead(doc: DocumentSpec): string {
  const url = `${PUBLIC_URL_PLACEHOLDER}${doc.canonicalPath ?? doc.path}`
  const image = `${PUBLIC_URL_PLACEHOLDER}/og-image.png`
  const title = escapeHtml(doc.title)
  const description = escapeHtml(doc.description)
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    doc.noindex ? `<meta name="robots" content="noindex" />` : '',
    `<meta name="theme-color" content="#0b1f3a" />`,
    `<link rel="icon" href="/favicon.ico" sizes="32x32" />`,
    `<link rel="icon" href="/icons/icon.svg" type="image/svg+xml" />`,
    `<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />`,
    `<link rel="manifest" href="/site.webmanifest" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(settings.brandName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    doc.entry === 'home'
      ? `<script type="application/ld+json">${jsonForScript(structuredData())}</script>`
      : doc.entry === 'about'
        ? `<script type="application/ld+json">${jsonForScript(organisationData())}</script>`
        : '',
  ]
  return tags.filter(Boolean).join('\n    ')
}
