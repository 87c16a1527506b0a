import { hydratePage } from '../../hydrate.tsx'
import { PacingPage } from './pacing-page.tsx'

hydratePage(<PacingPage />)
