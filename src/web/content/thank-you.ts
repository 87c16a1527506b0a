/** /thank-you copy (docs/product.md, "Routes and screens"). */
export const THANK_YOU_COPY = {
  heading: 'Your free trial is on its way',
  intro: (model: string) => `Three steps to run the ${model} model on your portfolio.`,
  step1Title: 'Download your model',
  step1Text: 'The Excel model comes wrapped in a .exe installer for Windows with Excel 365.',
  download: (model: string) => `Download the ${model} model`,
  step2Title: 'Check your e-mail for the activation code',
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
  chatText: 'Our team answers in the chat during business hours, or by e-mail any time.',
  chatButton: 'Contact support',
  backHome: 'Back to the home page',
} as const
