/** Where the browser tests' server runs and keeps its data (shared by config and tests). */
import { resolve } from 'node:path'

const port = Number(process.env.E2E_PORT ?? 4173)
export const E2E = {
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  dataDir: resolve(process.env.E2E_DATA_DIR ?? `data-e2e-${port}`),
  distDir: resolve(process.env.DIST_DIR ?? 'dist'),
  /**
   * A migrated embedded database the shared server makes once, before it starts; each server
   * on the embedded database starts on a copy (tests/e2e/start-server.ts).
   */
  templateDir: resolve(process.env.E2E_TEMPLATE_DIR ?? `data-e2e-${port}-template`),
}
