/**
 * Each document's head text (title, description), keyed by the route table's names
 * (common/site/routes.ts). The pre-render joins the two.
 */
import { DOCUMENT_ROUTES, type DocumentName, type DocumentRoute } from '#src/common/site/routes.ts'
import { settings } from '../settings.ts'

export interface DocumentSpec extends DocumentRoute {
  title: string
  description: string
}

const brand = settings.brandName
const termsDescription = `The terms that govern ${brand} pacing model licenses, trials and this website.`

const HEADS: Record<DocumentName, { title: string; description: string }> = {
  home: {
    title: `${brand} | Private Markets Commitment Pacing Models for Excel`,
    description:
      'Excel fund-pacing models on the Takahashi-Alexander method for emerging allocators and family offices up to $500 million AUM. Plan commitments, forecast calls and distributions. Free trial.',
  },
  terms: { title: `Terms & Conditions | ${brand}`, description: termsDescription },
  'legal-terms': { title: `Terms & Conditions | ${brand}`, description: termsDescription },
  'privacy-policy': {
    title: `Privacy Policy | ${brand}`,
    description: `What ${brand} collects when you request a trial, why, for how long, and your rights.`,
  },
  'cookie-policy': {
    title: `Cookie Policy | ${brand}`,
    description: `Which cookies and similar technologies ${brand} uses, and how to change your choice.`,
  },
  'thank-you': {
    title: `Your free trial is on its way | ${brand}`,
    description: `Download your ${brand} trial model and activate it with the key we e-mailed you.`,
  },
  'scheduling-thank-you': {
    title: `Meeting scheduled | ${brand}`,
    description: `Your introduction call with ${brand} is booked.`,
  },
  'purchase-complete': {
    title: `Thank you for your purchase | ${brand}`,
    description: `Your ${brand} license key is on its way by e-mail.`,
  },
  lnf: { title: `Image | ${brand}`, description: `An image shared from ${brand}.` },
  about: {
    title: `About us: company, people and contact | ${brand}`,
    description: `Who makes ${brand}: ${settings.company.legalName}, an independent ${settings.company.country} firm building Excel commitment pacing models. The people, the company details and how to reach us.`,
  },
  security: {
    title: `Security & installation | ${brand}`,
    description: `For your IT review: a code-signed Windows installer, offline use after activation, portfolio data that never leaves your machine, system requirements, uninstall and license deactivation.`,
  },
  'not-found': {
    title: `Page not found | ${brand}`,
    description: `The page you asked for is not here.`,
  },
  pacing: {
    title: `Pacing Lab: free Takahashi-Alexander calculator and commitment planner | ${brand}`,
    description:
      'Project a private fund’s capital calls, distributions, NAV and J-curve on the Takahashi-Alexander model, or solve the yearly commitment that reaches your private-markets target. Free, no sign-up, shareable by link, CSV and Excel download.',
  },
  methodology: {
    title: `Pacing Lab methodology: formulas, conventions and test cases | ${brand}`,
    description:
      'The Takahashi-Alexander formulas behind the Pacing Lab, its conventions (year-end flows, growth on opening NAV, IRR), where each asset-class preset comes from, and the public test cases the engine is checked against.',
  },
}

export const DOCUMENTS: readonly DocumentSpec[] = DOCUMENT_ROUTES.map((route) => ({
  ...route,
  ...HEADS[route.name],
}))
