/**
 * The ad-tracking conversion event of /thank-you and /scheduling-thank-you (SPEC.md §2).
 * Sent at most once per page load; the tracker itself loads only with consent (DESIGN.md §8).
 */
let sent = false

export function trackConversion(page: 'trial' | 'scheduling'): void {
  if (sent) return
  sent = true
  window.dispatchEvent(new CustomEvent('conversion', { detail: { page } }))
}
