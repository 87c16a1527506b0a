import { hydratePage } from '../../hydrate.tsx'
import { MethodologyPage } from './methodology-page.tsx'

hydratePage(<MethodologyPage />)
