/**
 * Server-only markup: rendered into the pre-rendered HTML, never shipped to or re-rendered in
 * the browser. In the browser the wrapper hydrates with an empty innerHTML that React leaves
 * alone, so the server's markup stays as it is. Use it for sections with no state; their
 * controls work through data-action attributes (lib/actions.ts).
 *
 * Pick the component with `import.meta.env.SSR ? Section : null` at the import site: the
 * bundler then drops the section's code from the browser bundle.
 *
 * `fold` marks the first markup below the fold: the build draws the icons after it from one
 * cached sprite (scripts/icon-sprite.ts), and the bench's static page inlines only the CSS of
 * what comes before it (bench/critical-css.ts).
 */
import type { ComponentType } from 'react'

interface Props {
  render: ComponentType | null
  className?: string
  fold?: boolean
}

export function ServerOnly({ render: Render, className, fold }: Props) {
  if (import.meta.env.SSR && Render) {
    return (
      <div className={className} data-server-only="" data-fold={fold ? '' : undefined}>
        <Render />
      </div>
    )
  }
  return (
    <div
      className={className}
      data-server-only=""
      data-fold={fold ? '' : undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  )
}
