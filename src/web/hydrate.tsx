/** Hydrates a pre-rendered page (or renders it, under the Vite dev server). */
import type { ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { PageShell } from './components/page-shell.tsx'
import './styles.css'

export function hydratePage(page: ReactNode) {
  const container = document.getElementById('root')
  if (!container) throw new Error('#root is missing')
  const app = <PageShell>{page}</PageShell>
  if (container.hasChildNodes()) hydrateRoot(container, app)
  else createRoot(container).render(app)
}
