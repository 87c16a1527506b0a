import { hydratePage } from '../../hydrate.tsx'
import { HomePage } from './home-page.tsx'

hydratePage(<HomePage />)
