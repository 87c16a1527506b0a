import { describe, expect, it } from 'vitest'
import { initialResources } from './page-weight.ts'

describe('initialResources', () => {
  it('finds scripts, module preloads and stylesheets, once each, and skips other links', () => {
    const html = `
      <link rel="icon" href="/favicon.ico" />
      <link rel="manifest" href="/site.webmanifest" />
      <script type="module" crossorigin src="/assets/home-1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-2.js">
      <link rel="modulepreload" crossorigin href="/assets/home-1.js">
      <link rel="stylesheet" crossorigin href="/assets/style-3.css">
      <script type="application/ld+json">{}</script>
      <script src="https://third.party/x.js"></script>`
    expect(initialResources(html)).toEqual([
      { url: '/assets/home-1.js', kind: 'js' },
      { url: '/assets/react-2.js', kind: 'js' },
      { url: '/assets/style-3.css', kind: 'css' },
    ])
  })
})
