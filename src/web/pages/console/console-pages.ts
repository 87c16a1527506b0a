/**
 * The console's pages: address, label in the navigation and component, each loaded on first
 * visit. The shell (console-app.tsx) picks the page of the address; the layout
 * (console-layout.tsx) lists them.
 */
import { lazy, type ComponentType } from 'react'
import { consoleRoutes } from '#src/common/paths.ts'

export interface ConsolePage {
  path: string
  label: string
  component: ComponentType
}

const page = (load: () => Promise<ComponentType>): ComponentType =>
  lazy(async () => ({ default: await load() }))

export const CONSOLE_PAGES: ConsolePage[] = [
  {
    path: consoleRoutes.overview,
    label: 'Overview',
    component: page(() => import('./pages/overview-page.tsx').then((m) => m.OverviewPage)),
  },
  {
    path: consoleRoutes.leads,
    label: 'Leads',
    component: page(() => import('./pages/leads-page.tsx').then((m) => m.LeadsPage)),
  },
  {
    path: consoleRoutes.keys,
    label: 'Keys',
    component: page(() => import('./pages/keys-page.tsx').then((m) => m.KeysPage)),
  },
  {
    path: consoleRoutes.waitlist,
    label: 'Waitlist',
    component: page(() => import('./pages/waitlist-page.tsx').then((m) => m.WaitlistPage)),
  },
  {
    path: consoleRoutes.mail,
    label: 'Mail',
    component: page(() => import('./pages/mail-page.tsx').then((m) => m.MailPage)),
  },
  {
    path: consoleRoutes.funnel,
    label: 'Funnel',
    component: page(() => import('./pages/funnel-page.tsx').then((m) => m.FunnelPage)),
  },
  {
    path: consoleRoutes.consents,
    label: 'Consents',
    component: page(() => import('./pages/consents-page.tsx').then((m) => m.ConsentsPage)),
  },
  {
    path: consoleRoutes.purchaseRequests,
    label: 'Purchases',
    component: page(() =>
      import('./pages/purchase-requests-page.tsx').then((m) => m.PurchaseRequestsPage),
    ),
  },
  {
    path: consoleRoutes.orders,
    label: 'Orders',
    component: page(() => import('./pages/orders-page.tsx').then((m) => m.OrdersPage)),
  },
]
