/** One line of the report's budget table (docs/architecture.md, "Budgets"). */
export interface Budget {
  name: string
  limit: string
  actual: string
  met: boolean
}
