/** Trial form copy (docs/product.md, "Trial requests"). */
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
  /** Under the e-mail field when its domain looks misspelt; the address is a button that takes it. */
  didYouMean: 'Did you mean',
  modelLegend: 'Choose your model',
  /** Scarcity in a premium voice: a monthly allocation of keys, not a sale countdown. */
  licensesLeft: (n: number) =>
    n === 0 ? 'No trial keys left this month' : `Trial keys this month: ${n} left`,
  licensesLoading: 'Checking availability…',
  /** Under the model choice when the chosen model has no keys left: said before the form is filled. */
  noKeysNote: (model: string, other: { model: string; left: number } | null) =>
    `${model} trial keys are all taken this month. Send the form to join the ${model} waitlist` +
    (other ? `, or choose ${other.model} (${other.left} left).` : '.'),
  /**
   * Under each pricing card's trial button before the counts arrive (and if they never do):
   * true without a number, one line like the count that replaces it, so nothing shifts.
   */
  keysPending: 'Trial keys are limited each month',
  agreePrefix: 'I agree to the',
  termsLink: 'terms and privacy policy',
  submit: 'Get My Free Trial Model',
  /** The submit button when the chosen model has no keys left: sending joins its waitlist. */
  submitWaitlist: (model: string) => `Join the ${model} waitlist`,
  submitting: 'Preparing Your Model...',
  termsRequiredTitle: 'Terms Required',
  termsRequiredText: 'Please agree to the terms and privacy policy to continue.',
  formHeading: 'Request your free trial model',
  /** Shown next to the checkbox when it is left unticked (the toast says it too). */
  termsRequiredInline: 'Please agree to the terms and privacy policy.',
  /**
   * Past the claim breaker (docs/product.md, "Trust under abuse") the key follows a confirmation by
   * e-mail.
   */
  confirmTitle: 'Check your inbox',
  confirmText:
    'To make sure this request comes from you, we have e-mailed you a confirmation link. Open it to confirm: we then e-mail your download link and key while trial seats last, or offer you the waitlist if they have run out.',
  /** The same, when the model's trial seats are gone as the request is sent (docs/product.md). */
  confirmTextNoSeats: (model: string) =>
    `To make sure this request comes from you, we have e-mailed you a confirmation link. Every ${model} trial seat is taken right now, so no key follows yet: open the link to join the waitlist, and we will e-mail you as soon as a seat opens.`,
  requirements: 'Windows + Excel 365 required',
} as const

/**
 * What the visitor is told when a submission or a related call fails (docs/product.md,
 * "Trial requests").
 */
export const TRIAL_FEEDBACK = {
  rateLimitTitle: 'You have exceeded your limit of trial requests',
  /** Under the title: when to try again (the answer's Retry-After), or to ask for more. */
  rateLimitRetry: (seconds: number | null) => {
    if (seconds === null) return 'Please try again later, or ask us for more.'
    const minutes = Math.ceil(seconds / 60)
    const wait =
      minutes <= 1
        ? 'a minute'
        : minutes < 90
          ? `${minutes} minutes`
          : `about ${Math.round(minutes / 60)} hours`
    return `You can try again in ${wait}, or ask us for more.`
  },
  askForMore: 'Ask for more',
  invalidTitle: 'Invalid Information',
  invalidFallback: 'Please check your information and try again.',
  failedTitle: 'Submission Failed',
  failedFallback: 'Something went wrong. Please try again.',
  networkFailure: 'We could not reach our server. Check your connection and try again.',
  waitlistAddedTitle: 'Added to Waitlist',
  waitlistAddedText: 'We\u2019ll notify you when new trial slots become available!',
  waitlistJoinFailed: 'Failed to join waitlist. Please try again.',
  waitlistCancelFailed: 'Failed to update preferences. Please try again.',
  countsFailed: 'Failed to load license counts. Please try again.',
} as const

/**
 * The waitlist dialog (docs/product.md, "Waitlist"). It names the model and says nothing of
 * 'BETA'; the button labels and busy states are the specified ones.
 */
export const WAITLIST_COPY = {
  title: (model: string) => `This month's ${model} trial keys are all taken`,
  text: (model: string) =>
    `Would you like us to notify you when new ${model} trial keys become available?`,
  otherAvailable: (model: string, n: number) =>
    `The ${model} model still has trial keys this month (${n} left).`,
  /** Short enough for one line in the dialog on a 320 px phone. */
  tryOther: (model: string) => `Get the ${model} trial`,
  accept: 'Sure, let me know',
  accepting: 'Adding...',
  cancel: 'Cancel',
  cancelling: 'Updating...',
} as const

/** "Lost your key?": e-mails a valid key again (POST /api/key-resend). */
export const LOST_KEY_COPY = {
  summary: 'Lost your key?',
  intro: 'Enter the address you requested the trial with and we will e-mail your key again.',
  email: 'E-mail',
  model: 'Model',
  anyModel: 'Any model',
  submit: 'E-mail my key again',
  sending: 'Sending…',
  done: 'If that address holds a valid trial key, it is on its way to that inbox.',
  tooMany: 'Too many requests from here; please try again later.',
  failed: 'That did not work; please check the address and try again.',
} as const
