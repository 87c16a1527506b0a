import { describe, expect, it } from 'vitest'
import { initialResources, staticImports } from './page-weight.ts'

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

describe('initialResources with a boot script', () => {
  it('counts the modules the boot script loads after the first paint', () => {
    const html = `
      <link rel="stylesheet" crossorigin href="/assets/site-1.css">
      <script type="module" src="/assets/boot-2.js" fetchpriority="low"
        data-modules="/assets/home-3.js /assets/shared-4.js"></script>`
    expect(initialResources(html)).toEqual([
      { url: '/assets/boot-2.js', kind: 'js' },
      { url: '/assets/home-3.js', kind: 'js' },
      { url: '/assets/shared-4.js', kind: 'js' },
      { url: '/assets/site-1.css', kind: 'css' },
    ])
  })
})

describe('staticImports', () => {
  it('follows static imports and re-exports, not dynamic imports', () => {
    const code =
      'import{a as b,c}from"./react-1.js";import"./side-2.js";export{d}from"../x/re-3.js";' +
      'const l=()=>import("./lazy-4.js");'
    expect(staticImports(code, '/assets/home.js')).toEqual([
      '/assets/react-1.js',
      '/assets/side-2.js',
      '/x/re-3.js',
    ])
  })
})
