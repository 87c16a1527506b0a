/** /thank-you copy (docs/product.md, "Routes and screens"). */
export const THANK_YOU_COPY = {
  heading: 'Your free trial is on its way',
  intro: (model: string) => `Three steps to run the ${model} model on your portfolio.`,
  step1Title: 'Download your model',
  step1Text: 'The Excel model comes wrapped in a .exe installer for Windows with Excel 365.',
  download: (model: string) => `Download the ${model} model`,
  step2Title: 'Check your e-mail for your trial key',
  step2Text:
    'We sent your activation key to the address you gave us. The trial key runs the model for 10 days.',
  step3Title: 'Get to know the model',
  step3Text: 'Our documentation and video guides walk you through setup and your first forecast.',
  basicNote: 'The Basic model has its instructions on its cover sheet.',
  /** Short enough for one line beside the icon on a 320 px phone. */
  documentation: 'Documentation',
  videoGuides: 'Video guides',
  spamNote:
    'No e-mail after a few minutes? Check your spam or promotions folder, or write to us and we will resend it.',
  consultationHeading: 'Want a guided start?',
  consultationText:
    'Book a free 15-minute consultation: we walk you through the model and answer your questions. A license then comes with a free 1-hour onboarding consultation on your own data.',
  consultationButton: 'Book a free consultation',
  chatHeading: 'Questions?',
  chatText:
    'Our team answers in the chat on business days from 9:00 to 17:00 Central European Time (Prague), or by e-mail any time.',
  chatButton: 'Contact support',
  backHome: 'Back to the home page',
} as const

/** Step 2's "where the key went" and its one-time correction of a mistyped address. */
export const ADDRESS_CORRECTION_COPY = {
  sentTo: 'We sent it to',
  open: 'Wrong address? Correct it',
  intro:
    'You can correct the address once, within 24 hours. We send the same key to the new address and nothing more to the old one.',
  label: 'Correct e-mail address',
  submit: 'Send it there',
  sending: 'Sending…',
  resent: (masked: string) => `Done: your key is on its way to ${masked}.`,
  alreadyCorrected: 'The address was already corrected once. Write to us if it is still wrong.',
  tooLate: 'More than 24 hours have passed, so the address cannot be changed here. Write to us.',
  hasKey:
    'That address already has a trial key for this model, so nothing was sent. Use “Lost your key?” on the home page to have it sent again.',
  invalid: 'Please enter a valid business e-mail address.',
  limited: 'Too many requests from this address or network. Please try again later.',
  notFound: 'This request cannot be corrected here. Write to us and we will help.',
  failed: 'Something went wrong. Please try again, or write to us.',
} as const
