/**
 * /about copy: who is behind the product. The company's details and the people come
 * from the public settings the operator fills (SITE_COMPANY_*, SITE_PEOPLE); these are the words
 * around them.
 */
import { settings } from '../settings.ts'

const brand = settings.brandName
const company = settings.company

export const ABOUT_COPY = {
  eyebrow: 'About us',
  heading: `The team behind ${brand}`,
  intro: `${brand} is made by ${company.legalName}, a small, independent firm in ${company.country} that builds one thing: commitment pacing models for allocators who run private-markets programs in Excel.`,
  storyHeading: 'Why we build these models',
  story: [
    'We spent years building pacing models inside allocators: spreadsheets that only their author could maintain, with a forecast that drifted from the quarterly reports. Emerging allocators and family offices need the same discipline as the largest programs, without a six-figure software contract or a consultant on retainer.',
    `So we built the model we wanted to hand over: the Takahashi-Alexander method, transparent formulas you can audit, and a structure that takes each quarter's actuals without rework. We sell licenses, not advice. We manage no money, take no fees from fund managers and have no product to place in your portfolio.`,
  ],
  principles: [
    {
      title: 'Independent',
      text: 'No fund-manager relationships, no referral fees, no asset management. The model has no view on which funds you pick.',
    },
    {
      title: 'Transparent',
      text: 'Every projection is an Excel formula you can trace. No black box, no hidden server doing the math.',
    },
    {
      title: 'Your data stays yours',
      text: 'Portfolio data never leaves your machine. We never see your commitments, cash flows or NAVs.',
    },
  ],
  peopleHeading: 'People',
  peopleIntro:
    'You will deal with the people who build the models, from the first call to support.',
  companyHeading: 'Company details',
  companyIntro: 'The contracting party for every license, invoice and trial.',
  labels: {
    legalName: 'Legal name',
    /** The Czech register calls it IČO; elsewhere it is just the company ID. */
    registrationId: /^(czechia|czech republic)$/i.test(company.country)
      ? 'Company ID (IČO)'
      : 'Company ID',
    vatId: 'VAT ID',
    registry: 'Registered in',
    address: 'Registered office',
    country: 'Country',
  },
  contactHeading: 'Contact',
  // The same promise as the terms ("Support"): one voice on how fast we answer.
  contactText: 'Write to us or book a 15-minute call. We answer e-mail within two business days.',
  email: 'E-mail',
  phone: 'Phone',
  book: 'Book a 15-minute call',
  securityLink: 'Security & installation',
  securityText: 'What your IT team will ask: code signing, offline use, where data lives.',
} as const
