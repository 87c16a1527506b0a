/**
 * A likely misspelt e-mail domain and its correction ("ann@gnail.com" -> "ann@gmail.com"), by
 * @zootools/email-spell-checker (a kept fork of mailcheck). The library loads on the first check,
 * when the visitor leaves the e-mail field, never with the page: the landing page's first load
 * stays within its script budget. A failed load just means no suggestion; it never blocks.
 */
let checker: Promise<typeof import('@zootools/email-spell-checker')> | null = null

/** The corrected address, or null when the domain looks right (or the check is unavailable). */
export async function suggestEmail(email: string): Promise<string | null> {
  const value = email.trim()
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return null
  try {
    checker ??= import('@zootools/email-spell-checker')
    const lib = await checker
    const run = lib.run ?? lib.default.run
    const suggestion = run({ email: value })
    if (!suggestion || suggestion.full.toLowerCase() === value.toLowerCase()) return null
    return suggestion.full
  } catch {
    checker = null
    return null
  }
}
