/**
 * The operator console (docs/product.md, "Operator console"): client-rendered, its own entry, never
 * pre-rendered and never loaded by a public page. Each console page is its own chunk (React.lazy).
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ErrorBoundary } from '../../components/error-boundary.tsx'
import { Toaster } from '../../components/toaster.tsx'
import '../../styles.css'
import { ConsoleApp } from './console-app.tsx'

const container = document.getElementById('root')
if (!container) throw new Error('#root is missing')
createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <ConsoleApp />
    </ErrorBoundary>
    <Toaster />
  </StrictMode>,
)
