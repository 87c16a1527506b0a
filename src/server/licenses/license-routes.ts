/**
 * GET /api/license-counts (docs/architecture.md, "Contracts: API"): available keys per model, from
 * a short cache.
 */
import { Hono } from 'hono'
import { api } from '#src/common/paths.ts'
import type { LicenseCountsCache } from './license-service.ts'

export function licenseCountRoutes(counts: LicenseCountsCache): Hono {
  const app = new Hono()
  app.get(api.licenseCounts, async (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json(await counts.get())
  })
  return app
}
