/**
 * The legal routes (/terms, /privacy-policy, /cookie-policy, /legal/terms) are the landing page
 * with the legal dialog open on the matching tab; closing it replaces the address with /
 * (docs/product.md, "Routes and screens"). The dialog opens after hydration, so the pre-rendered
 * page is the same.
 */
import { useEffect } from 'react'
import { LEGAL_ROUTES, routes } from '#src/common/paths.ts'
import { useSiteActions } from '../dialogs/dialog-host.tsx'

function legalTabForPath(pathname: string) {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return LEGAL_ROUTES[normalised] ?? null
}

export function useLegalRoute() {
  const { openLegal } = useSiteActions()
  useEffect(() => {
    const tab = legalTabForPath(window.location.pathname)
    if (tab) openLegal(tab)
  }, [openLegal])
}

/** After the legal dialog closes: leave the legal route for / without reloading. */
export function returnHomeFromLegalRoute() {
  if (window.location.pathname !== routes.home) {
    history.replaceState(null, '', routes.home)
  }
}
