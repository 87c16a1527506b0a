/** Trial form copy (SPEC.md §2 "Trial form", §5, §8). */
export const TRIAL_COPY = {
  eyebrow: 'Free trial',
  heading: 'Try the model on your own portfolio',
  intro: 'Request a free trial model. It runs for 10 days on your Windows machine with Excel 365.',
  whatYouGetHeading: 'What you get',
  whatYouGet: [
    'Instant download link by e-mail',
    'The Excel model wrapped in a .exe, for Windows only',
    'Setup guide and documentation',
    'E-mail support',
  ],
  privacyPromise:
    'We use your details only to send your trial and follow up about it. No spam, and we never sell or share your data.',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Business e-mail',
  modelLegend: 'Choose your model',
  licensesLeft: (n: number) => (n === 1 ? '1 license left' : `${n} licenses left`),
  licensesLoading: 'Checking availability…',
  agreePrefix: 'I agree to the',
  termsLink: 'terms and privacy policy',
  submit: 'Get My Free Trial Model',
  submitting: 'Preparing Your Model...',
  termsRequiredTitle: 'Terms Required',
  termsRequiredText: 'Please agree to the terms and privacy policy to continue.',
  formHeading: 'Request your free trial model',
  requirements: 'Windows + Excel 365 required',
} as const
