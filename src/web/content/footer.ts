/** Footer copy (docs/product.md, "Routes and screens"). */
export const FOOTER_COPY = {
  tagline:
    'Excel commitment pacing models for emerging allocators and family offices, on the Takahashi-Alexander method.',
  modelsHeading: 'Models',
  supportHeading: 'Support',
  legalHeading: 'Legal',
  basicModel: 'Basic Model',
  advancedModel: 'Advanced Model',
  compareModels: 'Compare models',
  pacingLab: 'Free Pacing Lab',
  about: 'About us',
  security: 'Security & installation',
  documentation: 'Documentation',
  videoTutorials: 'Video tutorials',
  contactChat: 'Contact support chat',
  scheduleConsultation: 'Schedule consultation',
  terms: 'Terms & Conditions',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
  cookieSettings: 'Cookie settings',
  /** The year of the build (pages are pre-rendered; each release is a build). */
  copyright: (brand: string, year = new Date().getFullYear()) =>
    `© ${year} ${brand}. All rights reserved.`,
  /** The company behind the brand, from the public settings (SITE_COMPANY_*). */
  company: (
    brand: string,
    company: { legalName: string; address: string; country: string; registrationId: string },
  ) =>
    `${brand} is a brand of ${company.legalName}, ${[company.address, company.country].filter(Boolean).join(', ')}` +
    (company.registrationId ? `, company ID ${company.registrationId}.` : '.'),
  disclaimer:
    'The models are planning tools. Forecasts are estimates based on your inputs and assumptions and are not investment advice.',
} as const
