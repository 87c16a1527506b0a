/**
 * The public site settings in force on the pages: the build resolves and checks them
 * (common/site/settings.ts) and compiles them in (vite.config.ts); Vitest compiles in the
 * defaults (vitest.config.ts). The browser never reads an environment.
 */
import type { PublicSettings } from '#src/common/site/settings.ts'

declare const __SITE_SETTINGS__: PublicSettings
declare const __DEMO_SETTINGS__: boolean

export const settings: PublicSettings = __SITE_SETTINGS__

/** Whether the company settings are still placeholders (placeholderSettings): the pages say so. */
export const demoSettings: boolean = __DEMO_SETTINGS__
