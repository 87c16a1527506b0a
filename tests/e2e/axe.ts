/**
 * A small axe-core runner: injects axe from node_modules into the page and runs it with the
 * WCAG 2.x A/AA rules (@axe-core/playwright needs Node 22, so we inject axe-core ourselves).
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export default class AxeBuilder {
  constructor(private readonly page: Page) {}

  async analyze(): Promise<AxeResults> {
    await this.page.evaluate(axeSource)
    return this.page.evaluate(() =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      (window as any).axe.run(document, {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
        },
      }),
    )
  }
}
