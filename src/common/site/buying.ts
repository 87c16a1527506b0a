/**
 * Where a Buy control goes (docs/product.md, "Buying"): the model's hosted checkout when the
 * operator set one (SITE_CHECKOUT_URL_BASIC / _ADVANCED), else the "Request an invoice" dialog.
 */
import type { Model } from '../models.ts'
import type { PublicSettings } from './settings.ts'

type BuyTarget = { kind: 'checkout'; url: string } | { kind: 'invoice' }

export function buyTarget(settings: Pick<PublicSettings, 'checkoutUrls'>, model: Model): BuyTarget {
  const url = settings.checkoutUrls[model]
  // The schema admits only https or empty; checked again because a link is about to be followed.
  return url && url.startsWith('https://') ? { kind: 'checkout', url } : { kind: 'invoice' }
}
