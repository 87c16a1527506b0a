/** scheduling-thank-you page. */
export function SchedulingThankYouPage() {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-16">
      <h1 className="text-2xl font-semibold text-brand-900">scheduling-thank-you</h1>
    </main>
  )
}
