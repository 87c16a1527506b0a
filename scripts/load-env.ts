/** Loads ./.env into process.env when it exists (variables already set win). See .env.example. */
import { existsSync } from 'node:fs'

export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path)
}
