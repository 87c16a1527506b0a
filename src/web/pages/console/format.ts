/** How the console writes numbers and times: one locale, UTC, so every operator reads the same. */
const number = new Intl.NumberFormat('en-US')
const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})
const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })

const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export const formatNumber = (n: number) => number.format(n)
/** An amount in minor units as the console writes money everywhere: `2,899 USD`, `12.50 EUR`. */
export const formatMoney = (amountMinor: number, currency: string | null) => {
  const value =
    amountMinor % 100 === 0 ? number.format(amountMinor / 100) : cents.format(amountMinor / 100)
  return currency ? `${value} ${currency.toUpperCase()}` : value
}
export const formatDateTime = (iso: string) => `${dateTime.format(new Date(iso))} UTC`
export const formatDate = (iso: string) => date.format(new Date(iso))
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`
