/**
 * The console's shell: finds the session (or shows the sign-in page), then the page of the
 * address, each loaded on first visit. Focus moves to the new page's heading on navigation.
 */
import { Suspense, useEffect, useState } from 'react'
import type { ConsoleSession } from '#src/common/console-api.ts'
import { consoleApi, consoleRoutes } from '#src/common/paths.ts'
import { apiGet, SIGNED_OUT_EVENT, setCsrfToken } from './console-api.ts'
import { ConsoleLayout } from './console-layout.tsx'
import { CONSOLE_PAGES } from './console-pages.ts'
import { navigate, useLocation } from './console-router.ts'
import { SignInPage } from './pages/sign-in-page.tsx'

type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | ({ status: 'signed-in' } & ConsoleSession)

export function ConsoleApp() {
  const location = useLocation()
  const [session, setSession] = useState<SessionState>({ status: 'loading' })
  const onSignInPage = location.pathname === consoleRoutes.signIn

  useEffect(() => {
    if (onSignInPage) return
    let live = true
    apiGet<ConsoleSession>(consoleApi.session).then(
      (s) => {
        if (!live) return
        setCsrfToken(s.csrfToken)
        setSession({ status: 'signed-in', ...s })
      },
      () => live && setSession({ status: 'signed-out' }),
    )
    return () => {
      live = false
    }
  }, [onSignInPage])

  useEffect(() => {
    const signedOut = () => setSession({ status: 'signed-out' })
    window.addEventListener(SIGNED_OUT_EVENT, signedOut)
    return () => window.removeEventListener(SIGNED_OUT_EVENT, signedOut)
  }, [])

  useEffect(() => {
    if (session.status === 'signed-out' && !onSignInPage)
      navigate(consoleRoutes.signIn, { replace: true })
  }, [session.status, onSignInPage])

  if (onSignInPage)
    return (
      <SignInPage
        onSignedIn={(s) => {
          setCsrfToken(s.csrfToken)
          setSession({ status: 'signed-in', ...s })
          navigate(consoleRoutes.overview, { replace: true })
        }}
      />
    )
  if (session.status !== 'signed-in')
    return (
      <p role="status" className="p-8 text-ink-600">
        Loading the console…
      </p>
    )

  const current = CONSOLE_PAGES.find(
    (p) =>
      p.path === location.pathname.replace(/\/+$/, '') ||
      (p.path === consoleRoutes.overview && location.pathname === '/admin/'),
  )
  const Page = current?.component
  return (
    <ConsoleLayout
      pages={CONSOLE_PAGES}
      currentPath={current?.path ?? ''}
      email={session.email}
      onSignedOut={() => {
        setSession({ status: 'signed-out' })
      }}
    >
      <Suspense
        fallback={
          <p role="status" className="text-ink-600">
            Loading…
          </p>
        }
      >
        {Page ? <Page /> : <NotFound />}
      </Suspense>
    </ConsoleLayout>
  )
}

function NotFound() {
  return (
    <div>
      <h1 className="text-2xl font-semibold text-brand-900">Not found</h1>
      <p className="mt-2 text-ink-600">The console has no page at this address.</p>
    </div>
  )
}
