/** pino: JSON in production, pretty in development (DESIGN.md §2). */
import pino, { type Logger } from 'pino'
import type { Config } from './config.ts'

export type { Logger }

export function createLogger(config: Pick<Config, 'logLevel' | 'logPretty'>): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
    ...(config.logPretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  })
}
