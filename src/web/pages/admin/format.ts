/** How the console writes numbers and times: one locale, UTC, so every operator reads the same. */
const number = new Intl.NumberFormat('en-US')
const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})
const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })

export const formatNumber = (n: number) => number.format(n)
export const formatDateTime = (iso: string) => `${dateTime.format(new Date(iso))} UTC`
export const formatDate = (iso: string) => date.format(new Date(iso))
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`
