/**
 * Copy of the consent banner (docs/product.md, "Privacy and third parties"); loaded with the
 * banner, not on first paint.
 */

export const CONSENT_COPY = {
  title: 'Your privacy choices',
  text: 'No tracking by default. With your consent, some features load services from other companies. Change your choice any time under Cookie settings in the footer.',
  /** Phones: the same promise in fewer lines. */
  shortText:
    'No tracking by default. Optional services load only with your consent; change it under Cookie settings in the footer.',
  policyLink: 'Cookie Policy',
  choose: 'Choose',
  necessaryLabel: 'Necessary',
  necessaryText: 'Keeps the site secure and remembers this choice. Always on.',
  acceptAll: 'Accept all',
  rejectAll: 'Reject all',
  save: 'Save choices',
  categories: {
    functional: {
      label: 'Live chat',
      text: 'Loads the support chat (Crisp) when you open it.',
    },
    media: {
      label: 'Video',
      text: 'Plays the demo video from YouTube (no-cookie host) without asking first.',
    },
    marketing: {
      label: 'Ad measurement',
      text: 'Tells Google Ads that a trial request or booking came from an ad. No profiling on this site.',
    },
  },
  settingsLink: 'Cookie settings',
  purposesLabel: 'Optional services',
} as const
