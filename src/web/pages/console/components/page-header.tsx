import { useId, type ReactNode } from 'react'

/** A console page's title, a line about it, and its main actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-brand-900">{title}</h1>
        {description ? <p className="mt-1 max-w-2xl text-sm text-ink-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  )
}

/** A white panel with an optional heading. */
export function Panel({
  title,
  children,
  className = '',
  headingLevel = 2,
}: {
  title?: string
  children: ReactNode
  className?: string
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const id = useId()
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={`rounded-xl bg-white p-4 shadow-sm ring-1 ring-ink-200 sm:p-6 ${className}`}
    >
      {title ? (
        <Heading id={id} className="mb-4 text-base font-semibold text-brand-900">
          {title}
        </Heading>
      ) : null}
      {children}
    </section>
  )
}

/** Loading and error lines for a panel's data. */
export function DataState({ loading, error }: { loading: boolean; error: string | null }) {
  if (error)
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
        {error}
      </p>
    )
  if (loading)
    return (
      <p role="status" className="text-sm text-ink-600">
        Loading…
      </p>
    )
  return null
}

/** A figure and its label. */
export function Stat({
  label,
  value,
  hint,
}: {
  label: string
  value: ReactNode
  hint?: ReactNode
}) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-ink-200">
      <dt className="text-sm text-ink-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-brand-900 tabular-nums">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-ink-600">{hint}</dd> : null}
    </div>
  )
}
