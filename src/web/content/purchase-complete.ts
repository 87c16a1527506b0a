/** The words of /purchase-complete, the checkouts' success page (docs/product.md "Paid orders"). */
import { MONEY_BACK_DAYS } from '#src/common/models.ts'

export const PURCHASE_COMPLETE_COPY = {
  heading: 'Thank you for your purchase',
  intro:
    'Your payment went through. Your license key and the download link are on their way to the e-mail address you paid with, usually within a minute.',
  stepsHeading: 'What happens next',
  steps: [
    'Look for our e-mail with your license key (and your spam folder, if it is not there in a few minutes).',
    'Download the model from the link in the e-mail and open it in Excel 365 on Windows.',
    'Enter the key when the model asks for it. Each key activates the model on one machine.',
  ],
  moneyBack: `You have a ${MONEY_BACK_DAYS}-day money-back guarantee: write to us, deactivate the key and send us the deactivation certificate the model shows.`,
  status: {
    checking: 'Checking your order…',
    fulfilled: 'Your order is complete: the key e-mail has been sent.',
    awaiting_key:
      'Your order is recorded. Your key follows by e-mail within one business day; we have told you so by e-mail too.',
    processing:
      'Your order is being processed; the key e-mail follows in a moment. You can close this page.',
    refunded: 'This order was refunded.',
  },
  support: (email: string) =>
    `Nothing after 15 minutes? Write to ${email} with your order reference.`,
} as const
