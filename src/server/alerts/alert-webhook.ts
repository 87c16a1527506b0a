/**
 * One alert to ALERT_WEBHOOK_URL: `POST` JSON `{ text, kind, state }`. Slack's and Mattermost's
 * incoming webhooks and ntfy's JSON publishing read `text`; the other two fields are for
 * receivers that route or de-duplicate. Bounded in time, so a receiver that hangs never holds
 * the monitor.
 */
export interface AlertPost {
  text: string
  kind: string
  state: 'firing' | 'resolved'
}

const POST_TIMEOUT_MS = 10_000

/** Throws when the receiver cannot be reached or does not answer 2xx. */
export async function postAlert(
  url: string,
  post: AlertPost,
  stopping?: AbortSignal,
  timeoutMs = POST_TIMEOUT_MS,
): Promise<void> {
  const timeout = AbortSignal.timeout(timeoutMs)
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(post),
    // A stopping server does not wait for a slow receiver: the post is tried again after.
    signal: stopping ? AbortSignal.any([timeout, stopping]) : timeout,
    redirect: 'error',
  })
  // The body is not needed; reading it frees the connection.
  await res.arrayBuffer().catch(() => undefined)
  if (!res.ok) throw new Error(`the alert webhook answered ${res.status}`)
}
