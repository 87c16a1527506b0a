/** One line of the report's budget table (DESIGN.md §9, issue #6). */
export interface Budget {
  name: string
  limit: string
  actual: string
  met: boolean
}
