/** The trial form section (anchor trial-form): what you get, the privacy promise and the form. */
import { Download, FileText, Lock, Mail, MonitorSmartphone } from 'lucide-react'
import { anchors } from '#src/common/paths.ts'
import { MODELS } from '#src/common/models.ts'
import { ServerOnly } from '../components/server-only.tsx'
import { TRIAL_COPY } from '../content/trial.ts'
import { TrialForm } from '../features/trial/trial-form.tsx'

const ICONS = [Download, MonitorSmartphone, FileText, Mail]

/** What you get and the privacy promise: static, rendered on the server only. */
function TrialIntro() {
  return (
    <>
      <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">
        {TRIAL_COPY.eyebrow}
      </p>
      <h2
        id="trial-heading"
        className="mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
      >
        {TRIAL_COPY.heading}
      </h2>
      <p className="mt-4 text-lg text-ink-200">{TRIAL_COPY.intro}</p>
      <h3 className="mt-10 text-lg font-semibold">{TRIAL_COPY.whatYouGetHeading}</h3>
      <ul className="mt-4 space-y-4">
        {TRIAL_COPY.whatYouGet.map((item, index) => {
          const Icon = ICONS[index] ?? FileText
          return (
            <li key={item} className="flex items-center gap-3 text-ink-100">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10 text-accent-300">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {item}
            </li>
          )
        })}
      </ul>
      <p className="mt-10 flex gap-3 rounded-xl border border-white/10 bg-white/5 p-4 text-sm text-ink-200">
        <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-300" />
        {TRIAL_COPY.privacyPromise}
      </p>
    </>
  )
}

const StaticTrialIntro = import.meta.env.SSR ? TrialIntro : null

export function TrialSection() {
  return (
    <section
      id={anchors.trialForm}
      aria-labelledby="trial-heading"
      className="relative bg-gradient-to-b from-brand-900 to-brand-950 py-20 text-white sm:py-28"
    >
      <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.1fr] lg:px-8">
        <ServerOnly render={StaticTrialIntro} />
        <div className="relative rounded-2xl bg-white p-5 text-ink-800 shadow-2xl sm:p-8">
          {/* Targets of #trial-form-basic and #trial-form-advanced on the form itself
              (docs/product.md, "Routes and screens"): on a phone the section's intro is a screen
              tall, and the visitor who chose a model wants the form. */}
          {MODELS.map((model) => (
            <span
              key={model}
              id={anchors.trialFormFor(model)}
              aria-hidden="true"
              className="absolute top-0"
            />
          ))}
          <h3 className="text-xl font-semibold text-brand-900">{TRIAL_COPY.formHeading}</h3>
          <p className="mt-1 mb-6 text-sm text-ink-600">{TRIAL_COPY.requirements}</p>
          <TrialForm />
        </div>
      </div>
    </section>
  )
}
