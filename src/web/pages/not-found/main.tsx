import { hydratePage } from '../../hydrate.tsx'
import { NotFoundPage } from './not-found-page.tsx'

hydratePage(<NotFoundPage />)
