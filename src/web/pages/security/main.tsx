import { hydratePage } from '../../hydrate.tsx'
import { SecurityPage } from './security-page.tsx'

hydratePage(<SecurityPage />)
