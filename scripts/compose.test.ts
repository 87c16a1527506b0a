/**
 * compose.yaml as DESIGN.md §21 asks: exact image versions (no major-only tag, none unpinned),
 * the same IP_HASH_SECRET for every instance, a stop grace period above the server's 10 s drain,
 * a restart policy and log limits on every service.
 */
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

const text = readFileSync('compose.yaml', 'utf8')
/** Each service's lines, by name (two-space indented keys under `services:`). */
const services = Object.fromEntries(
  text
    .split(/^services:\n/m)[1]!
    .split(/^volumes:/m)[0]!
    .split(/^ {2}(?=[a-z])/m)
    .filter(Boolean)
    .map((block) => [block.slice(0, block.indexOf(':')), block]),
)

it('pins every image to an exact version', () => {
  const images = [...text.matchAll(/^\s+image:\s*(\S+)$/gm)].map((m) => m[1]!)
  expect(images.length).toBeGreaterThanOrEqual(3)
  // Postgres numbers its releases major.minor (16.6); the others major.minor.patch.
  for (const image of images) expect(image).toMatch(/:v?\d+\.\d+(\.\d+)?$/)
})

it('gives every service a restart policy and log limits, and the app its secret and grace', () => {
  expect(Object.keys(services)).toEqual(['postgres', 'mail', 'app', 'balancer'])
  for (const block of Object.values(services)) {
    expect(block).toMatch(/^\s+restart: unless-stopped$/m)
    expect(block).toMatch(/^\s+logging: \*logging$/m)
  }
  expect(text).toMatch(/max-size: \d+m/)
  expect(services.app).toMatch(/^\s+IP_HASH_SECRET: \S+/m)
  const grace = /stop_grace_period: (\d+)s/.exec(services.app!)
  expect(Number(grace?.[1])).toBeGreaterThan(10)
})
