/** An operator's address as stored: trimmed, lower-cased, plausibly an address; else null. */
export function normalizeOperatorEmail(value: string): string | null {
  const email = value.trim().toLowerCase()
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return null
  return email
}
