import { hydratePage } from '../../hydrate.tsx'
import { LnfPage } from './lnf-page.tsx'

hydratePage(<LnfPage />)
