/**
 * Pressing a control of a hydrated island (the header's menu, the footer's Cookie settings, a
 * dialog's trigger): before its island hydrates, the pre-rendered button does nothing.
 */
import { expect, type Locator } from '@playwright/test'

/**
 * Clicks `control` until `reaction` shows. A click that did land may take a while to show (a
 * dialog's code loads on first use), so no further click goes out once the reaction shows, and
 * none waits long on a control the reaction now covers. (A server-only section's button needs
 * none of this: a press before the page's code runs is kept and run once it does,
 * src/web/boot.ts.)
 */
export async function clickUntil(control: Locator, reaction: Locator): Promise<void> {
  await expect(async () => {
    if (!(await reaction.isVisible())) await control.click({ timeout: 1000 })
    await expect(reaction).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 15_000, intervals: [250, 500, 1000] })
}
