/** Words of our 404 page. */
import { anchors } from '#src/common/paths.ts'

export const NOT_FOUND_COPY = {
  code: '404',
  heading: 'Page not found',
  text: 'The page you asked for is not here. It may have moved, or the link may be incomplete.',
  home: 'Back to the home page',
  contact: 'Contact support',
} as const

/** Where a lost visitor most likely wanted to go. */
export const NOT_FOUND_LINKS = [
  {
    href: `/#${anchors.pricing}`,
    label: 'Compare the models',
    text: 'Basic and Advanced, side by side.',
  },
  {
    href: `/#${anchors.trialForm}`,
    label: 'Free trial',
    text: 'Run a model on your portfolio for 10 days.',
  },
  {
    href: `/#${anchors.features}`,
    label: 'Features',
    text: 'Tracking, forecasts, planning, dashboards.',
  },
]
