/**
 * The server's render of /pacing for a shared link (src/server/http/pacing-render.ts): the same
 * page component the build pre-renders, with the lab's first state read from the link's query.
 * scripts/build.ts bundles it into <dist>/server/pacing-render.mjs beside the page template
 * (pacing-template.html), so the server never imports web code (docs/architecture.md,
 * "Layers").
 */
import { renderToString } from 'react-dom/server'
import { normalizeQuery } from '#src/common/pacing/query.ts'
import { PageShell } from '../../components/page-shell.tsx'
import { loadNearParts } from '../../lib/lazy-near.ts'
import { linkPreview } from './link-preview.ts'
import { PacingPage } from './pacing-page.tsx'

// The parts the browser loads late (the plan, scenarios, bands, fit) are rendered all the same:
// their code is loaded before the module is ready, so a render never waits or shows a fallback.
await loadNearParts()

/** What goes in the template's <!--app-->: the page as it first renders for `search`. */
// The server loads the built module and calls it; the checker cannot see that.
// ts-unused-exports:disable-next-line
export function renderPacingApp(search: string): string {
  return renderToString(
    <PageShell>
      <PacingPage query={normalizeQuery(search)} />
    </PageShell>,
  )
}

/** The link's title and description for the page's head (unescaped; the server escapes them). */
// ts-unused-exports:disable-next-line
export function describePacingLink(search: string): { title: string; description: string } {
  return linkPreview(normalizeQuery(search))
}
