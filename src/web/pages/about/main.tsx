import { hydratePage } from '../../hydrate.tsx'
import { AboutPage } from './about-page.tsx'

hydratePage(<AboutPage />)
