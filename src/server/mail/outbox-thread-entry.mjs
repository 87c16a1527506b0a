// The worker thread's entry (outbox-thread.ts): a thread does not inherit the main thread's
// TypeScript loader, so it registers tsx itself before loading the TypeScript module.
import { register } from 'tsx/esm/api'

register()
await import('./outbox-thread.ts')
