/**
 * The console's pages: address, label in the navigation and component, each loaded on first
 * visit. The shell (console-app.tsx) picks the page of the address; the layout
 * (console-layout.tsx) lists them.
 */
import { lazy, type ComponentType } from 'react'
import { adminRoutes } from '#src/common/paths.ts'

export interface ConsolePage {
  path: string
  label: string
  component: ComponentType
}

const page = (load: () => Promise<ComponentType>): ComponentType =>
  lazy(async () => ({ default: await load() }))

export const CONSOLE_PAGES: ConsolePage[] = [
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
  {
    path: adminRoutes.orders,
    label: 'Orders',
    component: page(() => import('./pages/orders-page.tsx').then((m) => m.OrdersPage)),
  },
]
