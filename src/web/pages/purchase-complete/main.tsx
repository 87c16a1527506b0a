import { hydratePage } from '../../hydrate.tsx'
import { PurchaseCompletePage } from './purchase-complete-page.tsx'

hydratePage(<PurchaseCompletePage />)
