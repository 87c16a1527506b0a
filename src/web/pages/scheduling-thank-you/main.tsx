import { hydratePage } from '../../hydrate.tsx'
import { SchedulingThankYouPage } from './scheduling-thank-you-page.tsx'

hydratePage(<SchedulingThankYouPage />)
