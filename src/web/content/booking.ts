/** Words of the booking dialog (docs/product.md, "Routes and screens"). */
export const BOOKING_COPY = {
  title: 'Schedule Your Consultation',
  description: 'Pick a time for a free 15-minute introduction call with our team.',
  loading: 'Loading booking calendar...',
  failed: 'The booking calendar could not load.',
  openPage: 'Open the booking page',
  emailText: (email: string) => `Write to ${email} and we will find a time for a 15-minute call.`,
  emailButton: 'E-mail us',
  provider: 'The calendar is provided by Calendly, which receives the details you enter.',
} as const
