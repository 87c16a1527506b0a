/** Hydrates a pre-rendered page (or renders it, under the Vite dev server). */
import { startTransition, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { PageShell } from './components/page-shell.tsx'
import './styles.css'

export function hydratePage(page: ReactNode) {
  const container = document.getElementById('root')
  if (!container) throw new Error('#root is missing')
  const app = <PageShell>{page}</PageShell>
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: the page is already painted (boot.ts), and a visitor's tap or
  // scroll meanwhile is not kept waiting (Total Blocking Time, docs/architecture.md, "Budgets").
  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app))
  else createRoot(container).render(app)
}
