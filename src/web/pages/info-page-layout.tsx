/**
 * The page tree of the plain information pages (/about, /security): the dialog host for their
 * data-action buttons, the header, the page's static content and the site footer, all rendered
 * at build time only. Each page passes its content already gated by import.meta.env.SSR, so
 * the bundler drops it from the browser bundle (components/server-only.tsx).
 */
import type { ComponentType } from 'react'
import { ServerOnly } from '../components/server-only.tsx'
import { DialogHost } from '../features/dialogs/dialog-host.tsx'
import { SiteFooter } from '../sections/site-footer.tsx'
import { SiteHeader } from '../sections/site-header.tsx'

const StaticFooter = import.meta.env.SSR ? SiteFooter : null

export function InfoPageLayout({
  current,
  content,
}: {
  current: string
  content: ComponentType | null
}) {
  return (
    <DialogHost>
      <div className="min-h-dvh bg-white">
        {/* Server-only: the header needs no code here (its phone menu is a popover). */}
        <ServerOnly render={import.meta.env.SSR ? () => <SiteHeader current={current} /> : null} />
        <main id="main">
          <ServerOnly render={content} />
        </main>
        <ServerOnly render={StaticFooter} />
      </div>
    </DialogHost>
  )
}
