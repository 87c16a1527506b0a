/**
 * Buying copy (docs/product.md, "Buying"): the Buy controls and the "Request an invoice" dialog.
 */
export const BUY_COPY = {
  buy: (model: string) => `Buy ${model}`,
  /** Accessible name when the price is beside it: "Buy Advanced, $2,899". */
  buyWithPrice: (model: string, price: string) => `Buy ${model} – ${price}`,
  checkoutNote: 'Secure checkout. VAT handled at checkout for EU businesses.',
  invoiceNote: 'Pay by invoice: bank transfer, net 14 days.',
} as const

export const INVOICE_COPY = {
  title: 'Request an invoice',
  description:
    'Tell us whom to invoice. We send the invoice within one business day; once it is paid you receive the full model and your license key by e-mail.',
  modelLegend: 'License',
  oneTime: 'one-time, one machine',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Work e-mail',
  company: 'Company or family office',
  message: 'Billing details (optional)',
  messageHint: 'VAT ID, billing address, purchase-order number or anything else we should know.',
  submit: 'Request invoice',
  submitting: 'Sending request…',
  guarantee: '30-day money-back guarantee. No payment details are asked for here.',
  doneTitle: 'Request received',
  done: (email: string) =>
    `We have sent a confirmation to ${email}. Your invoice follows within one business day.`,
  reference: 'Your reference',
  close: 'Done',
  invalid: 'Please correct the marked fields.',
  rateLimited: (minutes: number) =>
    `Too many requests from this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or write to us.`,
  failed: 'We could not send your request. Please try again, or write to us.',
  network: 'We could not reach our server. Check your connection and try again.',
} as const

/** "How to buy" on /thank-you (docs/product.md, "Buying"). */
export const THANK_YOU_BUY_COPY = {
  heading: 'Ready to buy?',
  text: (checkout: boolean) =>
    `A license is a one-time payment for one Windows machine, with a 30-day money-back guarantee. ${checkout ? 'Pay by card at a secure checkout, or write to us for an invoice.' : 'We invoice you: bank transfer, net 14 days.'}`,
  other: (model: string, price: string) => `Or buy ${model} – ${price}`,
} as const
