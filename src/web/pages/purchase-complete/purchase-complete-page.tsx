/**
 * /purchase-complete: where the checkouts send a buyer after paying (docs/product.md, "Paid
 * orders"). It says what happens next; with ?session_id= (Stripe) or ?order= it asks the server
 * for that order's state after hydration and shows it in words (nothing personal is asked for).
 */
import { CheckCircle2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { api } from '#src/common/paths.ts'
import { ServerOnly } from '../../components/server-only.tsx'
import { SiteFooter } from '../../sections/site-footer.tsx'
import { SiteHeader } from '../../sections/site-header.tsx'
import { PURCHASE_COMPLETE_COPY as COPY } from '../../content/purchase-complete.ts'
import { settings } from '../../settings.ts'

// The site's header and footer, server-only: they need no code here.
const StaticHeader = import.meta.env.SSR ? () => <SiteHeader /> : null
const StaticFooter = import.meta.env.SSR ? SiteFooter : null

type Shown = keyof typeof COPY.status | null

function orderFromSearch(search: string): string | null {
  const query = new URLSearchParams(search)
  const id = query.get('session_id') ?? query.get('order')
  return id && /^[\w.:-]{1,200}$/.test(id) ? id : null
}

export function PurchaseCompletePage() {
  const [status, setStatus] = useState<Shown>(null)
  useEffect(() => {
    const order = orderFromSearch(window.location.search)
    if (!order) return
    setStatus('checking')
    let tries = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const ask = async () => {
      let shown: Shown = 'processing'
      try {
        const res = await fetch(`${api.orderStatus}?order=${encodeURIComponent(order)}`)
        if (res.ok) shown = ((await res.json()) as { status: Shown }).status ?? 'processing'
      } catch {
        // Offline for a moment: the e-mail still comes; say it is being processed.
      }
      setStatus(shown)
      // The key e-mail follows the payment by seconds: look again a few times.
      if (shown === 'processing' && ++tries < 10) timer = setTimeout(() => void ask(), 3_000)
    }
    void ask()
    return () => clearTimeout(timer)
  }, [])

  return (
    <div className="flex min-h-dvh flex-col bg-ink-50">
      <ServerOnly render={StaticHeader} />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="flex items-center gap-3 text-3xl font-semibold tracking-tight text-brand-900 sm:text-4xl">
          <CheckCircle2 aria-hidden="true" className="size-8 shrink-0 text-accent-700" />
          {COPY.heading}
        </h1>
        <p className="mt-3 text-lg text-ink-600">{COPY.intro}</p>
        <p role="status" aria-live="polite" className="mt-4 min-h-6 font-medium text-brand-900">
          {status ? COPY.status[status] : ''}
        </p>
        <section className="mt-8 rounded-xl bg-white p-6 shadow-sm ring-1 ring-ink-200">
          <h2 className="text-lg font-semibold text-brand-900">{COPY.stepsHeading}</h2>
          <ol className="mt-4 list-decimal space-y-3 pl-5 text-ink-700">
            {COPY.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="mt-6 text-sm text-ink-600">{COPY.moneyBack}</p>
          <p className="mt-2 text-sm text-ink-600">{COPY.support(settings.supportEmail)}</p>
        </section>
      </main>
      <ServerOnly render={StaticFooter} />
    </div>
  )
}
