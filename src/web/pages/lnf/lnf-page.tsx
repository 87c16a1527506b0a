/** lnf page. */
export function LnfPage() {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-16">
      <h1 className="text-2xl font-semibold text-brand-900">lnf</h1>
    </main>
  )
}
