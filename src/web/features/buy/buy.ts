/**
 * The Buy control's action (docs/product.md, "Buying"): to the model's hosted checkout when one is
 * configured, else the "Request an invoice" dialog. buyTarget (common/site/buying.ts) decides.
 */
import type { Model } from '#src/common/models.ts'
import { buyTarget } from '#src/common/site/buying.ts'
import { settings } from '../../settings.ts'

export function buy(model: Model, openInvoiceDialog: () => void): void {
  const target = buyTarget(settings, model)
  if (target.kind === 'checkout') window.location.assign(target.url)
  else openInvoiceDialog()
}
