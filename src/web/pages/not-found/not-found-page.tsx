/** not-found page. */
export function NotFoundPage() {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-16">
      <h1 className="text-2xl font-semibold text-brand-900">not-found</h1>
    </main>
  )
}
