/** Header, navigation and the main area of every console page. */
import { LogOut } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { consoleApi, consoleRoutes } from '#src/common/paths.ts'
import { LogoMark } from '../../components/logo.tsx'
import { cn } from '../../lib/cn.ts'
import { settings } from '../../settings.ts'
import { apiPost, errorMessage } from './console-api.ts'
import type { ConsolePage } from './console-pages.ts'
import { followLink, navigate } from './console-router.ts'
import { notify } from '../../components/toaster.tsx'

interface Props {
  pages: ConsolePage[]
  currentPath: string
  email: string
  onSignedOut: () => void
  children: ReactNode
}

export function ConsoleLayout({ pages, currentPath, email, onSignedOut, children }: Props) {
  const main = useRef<HTMLElement>(null)
  const first = useRef(true)
  // After a navigation, focus goes to the new page (screen readers announce it); not on load.
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    main.current?.focus()
  }, [currentPath])

  const signOut = async () => {
    try {
      await apiPost(consoleApi.signOut)
    } catch (error) {
      notify('error', 'Sign-out failed', { description: errorMessage(error) })
      return
    }
    onSignedOut()
    navigate(consoleRoutes.signIn, { replace: true })
  }

  return (
    <div className="min-h-dvh bg-ink-50">
      <a
        href="#console-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-ink-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <a
            href={consoleRoutes.overview}
            onClick={followLink}
            className="flex min-h-11 items-center gap-3 rounded-lg"
          >
            <LogoMark className="size-8" />
            <span className="font-semibold text-brand-900">
              {settings.brandName} <span className="font-normal text-ink-600">console</span>
            </span>
          </a>
          <div className="flex items-center gap-2 sm:gap-4">
            <span className="hidden text-sm text-ink-600 sm:inline">{email}</span>
            <button
              type="button"
              onClick={() => void signOut()}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-brand-800 hover:bg-ink-100"
            >
              <LogOut aria-hidden="true" className="size-4" />
              Sign out
            </button>
          </div>
        </div>
        <nav aria-label="Console" className="mx-auto max-w-7xl px-2 sm:px-4">
          <ul className="flex gap-1 overflow-x-auto">
            {pages.map((p) => (
              <li key={p.path}>
                <a
                  href={p.path}
                  onClick={followLink}
                  aria-current={p.path === currentPath ? 'page' : undefined}
                  className={cn(
                    'inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap',
                    p.path === currentPath
                      ? 'border-accent-600 text-brand-900'
                      : 'border-transparent text-ink-600 hover:border-ink-300 hover:text-brand-900',
                  )}
                >
                  {p.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main
        id="console-main"
        ref={main}
        tabIndex={-1}
        className="mx-auto max-w-7xl px-4 py-6 outline-none sm:px-6 sm:py-8"
      >
        {children}
      </main>
    </div>
  )
}
