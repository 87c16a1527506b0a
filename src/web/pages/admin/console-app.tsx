/**
 * The console's shell: finds the session (or shows the sign-in page), then the page of the
 * address, each loaded on first visit. Focus moves to the new page's heading on navigation.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react'
import type { AdminSession } from '#src/common/admin-api.ts'
import { adminApi, adminRoutes } from '#src/common/paths.ts'
import { apiGet, SIGNED_OUT_EVENT, setCsrfToken } from './console-api.ts'
import { ConsoleLayout } from './console-layout.tsx'
import { navigate, useLocation } from './console-router.ts'
import { SignInPage } from './pages/sign-in-page.tsx'

export interface ConsolePage {
  path: string
  label: string
  component: ComponentType
}

const page = (load: () => Promise<ComponentType>): ComponentType =>
  lazy(async () => ({ default: await load() }))

const CONSOLE_PAGES: ConsolePage[] = [
  {
    path: adminRoutes.overview,
    label: 'Overview',
    component: page(() => import('./pages/overview-page.tsx').then((m) => m.OverviewPage)),
  },
  {
    path: adminRoutes.leads,
    label: 'Leads',
    component: page(() => import('./pages/leads-page.tsx').then((m) => m.LeadsPage)),
  },
  {
    path: adminRoutes.keys,
    label: 'Keys',
    component: page(() => import('./pages/keys-page.tsx').then((m) => m.KeysPage)),
  },
  {
    path: adminRoutes.waitlist,
    label: 'Waitlist',
    component: page(() => import('./pages/waitlist-page.tsx').then((m) => m.WaitlistPage)),
  },
  {
    path: adminRoutes.mail,
    label: 'Mail',
    component: page(() => import('./pages/mail-page.tsx').then((m) => m.MailPage)),
  },
  {
    path: adminRoutes.funnel,
    label: 'Funnel',
    component: page(() => import('./pages/funnel-page.tsx').then((m) => m.FunnelPage)),
  },
  {
    path: adminRoutes.consents,
    label: 'Consents',
    component: page(() => import('./pages/consents-page.tsx').then((m) => m.ConsentsPage)),
  },
  {
    path: adminRoutes.purchaseRequests,
    label: 'Purchases',
    component: page(() =>
      import('./pages/purchase-requests-page.tsx').then((m) => m.PurchaseRequestsPage),
    ),
  },
]

type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | ({ status: 'signed-in' } & AdminSession)

export function ConsoleApp() {
  const location = useLocation()
  const [session, setSession] = useState<SessionState>({ status: 'loading' })
  const onSignInPage = location.pathname === adminRoutes.signIn

  useEffect(() => {
    if (onSignInPage) return
    let live = true
    apiGet<AdminSession>(adminApi.session).then(
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
      navigate(adminRoutes.signIn, { replace: true })
  }, [session.status, onSignInPage])

  if (onSignInPage)
    return (
      <SignInPage
        onSignedIn={(s) => {
          setCsrfToken(s.csrfToken)
          setSession({ status: 'signed-in', ...s })
          navigate(adminRoutes.overview, { replace: true })
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
      (p.path === adminRoutes.overview && location.pathname === '/admin/'),
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
