import { hydratePage } from '../../hydrate.tsx'
import { ThankYouPage } from './thank-you-page.tsx'

hydratePage(<ThankYouPage />)
