/**
 * /about: who is behind the product: the company, its people, its registered details
 * and how to reach it, from the public settings (SITE_COMPANY_*, SITE_PEOPLE). Static: rendered
 * at build time; the booking button and the footer run through data-action.
 */
import {
  ArrowRight,
  Building2,
  CalendarDays,
  FileSpreadsheet,
  Lock,
  Mail,
  Phone,
  Scale,
} from 'lucide-react'
import { routes } from '#src/common/paths.ts'
import { InfoHero } from '../../components/info-page.tsx'
import { buttonClasses } from '../../components/ui/button.tsx'
import { ABOUT_COPY as COPY } from '../../content/about.ts'
import { action } from '../../lib/actions.ts'
import { InfoPageLayout } from '../info-page-layout.tsx'
import { settings } from '../../settings.ts'

const PRINCIPLE_ICONS = [Scale, FileSpreadsheet, Lock]

/** The first letters of the first two words ("[Your name]" gives "YN", not "[N"). */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => /\p{L}/u.exec(part)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase()
}

function CompanyFacts() {
  const company = settings.company
  const rows = (
    [
      ['legalName', company.legalName],
      ['registrationId', company.registrationId],
      ['vatId', company.vatId],
      ['registry', company.registry],
      ['address', company.address],
      ['country', company.country],
    ] as const
  ).filter(([, value]) => value)
  return (
    <section
      aria-labelledby="company-heading"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-100 sm:p-8"
    >
      <div className="flex items-center gap-3">
        <Building2 aria-hidden="true" className="size-6 text-accent-700" />
        <h2 id="company-heading" className="text-xl font-semibold text-brand-900">
          {COPY.companyHeading}
        </h2>
      </div>
      <p className="mt-2 text-sm text-ink-600">{COPY.companyIntro}</p>
      <dl className="mt-6 divide-y divide-ink-100 border-y border-ink-100">
        {rows.map(([key, value]) => (
          <div key={key} className="grid gap-1 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
            <dt className="text-sm font-medium text-ink-600">{COPY.labels[key]}</dt>
            <dd className="text-sm text-ink-900">
              {key === 'address'
                ? value.split(',').map((line, i) => (
                    <span key={i} className="block">
                      {line.trim()}
                    </span>
                  ))
                : value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function Contact() {
  return (
    <section
      aria-labelledby="contact-heading"
      className="flex flex-col rounded-2xl bg-brand-900 p-6 text-white sm:p-8"
    >
      <h2 id="contact-heading" className="text-xl font-semibold">
        {COPY.contactHeading}
      </h2>
      <p className="mt-2 text-ink-200">{COPY.contactText}</p>
      <ul className="mt-6 space-y-3">
        <li>
          <a
            href={`mailto:${settings.supportEmail}`}
            className="flex min-h-11 items-center gap-3 text-white underline-offset-4 hover:underline"
          >
            <Mail aria-hidden="true" className="size-5 text-accent-300" />
            <span className="sr-only">{COPY.email}: </span>
            {settings.supportEmail}
          </a>
        </li>
        {settings.phone ? (
          <li>
            <a
              href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`}
              className="flex min-h-11 items-center gap-3 text-white underline-offset-4 hover:underline"
            >
              <Phone aria-hidden="true" className="size-5 text-accent-300" />
              <span className="sr-only">{COPY.phone}: </span>
              {settings.phone}
            </a>
          </li>
        ) : null}
      </ul>
      <div className="mt-auto pt-8">
        <button
          type="button"
          {...action('open-booking')}
          className={buttonClasses('accent', 'lg', 'w-full max-sm:px-4 max-sm:text-sm sm:w-auto')}
        >
          <CalendarDays aria-hidden="true" className="size-5" />
          {COPY.book}
        </button>
      </div>
    </section>
  )
}

function AboutContent() {
  return (
    <>
      <InfoHero eyebrow={COPY.eyebrow} heading={COPY.heading} intro={COPY.intro}>
        <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-300">
          <span>{settings.company.legalName}</span>
          {settings.company.registrationId ? (
            <span>
              {COPY.labels.registrationId} {settings.company.registrationId}
            </span>
          ) : null}
          <span>{settings.company.country}</span>
        </p>
      </InfoHero>

      <section
        aria-labelledby="story-heading"
        className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.3fr_1fr] lg:px-8"
      >
        <div>
          <h2 id="story-heading" className="text-3xl font-semibold tracking-tight text-brand-900">
            {COPY.storyHeading}
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-ink-700">
            {COPY.story.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
          </div>
        </div>
        <ul className="space-y-6 self-center border-l-2 border-accent-600 pl-6">
          {COPY.principles.map((item, i) => {
            const Icon = PRINCIPLE_ICONS[i] ?? Scale
            return (
              <li key={item.title} className="flex gap-4">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-700" />
                <div>
                  <h3 className="font-semibold text-brand-900">{item.title}</h3>
                  <p className="mt-1 text-ink-700">{item.text}</p>
                </div>
              </li>
            )
          })}
        </ul>
      </section>

      {settings.people.length ? (
        <section aria-labelledby="people-heading" className="border-y border-ink-100 bg-ink-50">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
            <h2
              id="people-heading"
              className="text-3xl font-semibold tracking-tight text-brand-900"
            >
              {COPY.peopleHeading}
            </h2>
            <p className="mt-3 max-w-2xl text-lg text-ink-700">{COPY.peopleIntro}</p>
            <ul className="mt-10 grid gap-6 md:grid-cols-2">
              {settings.people.map((person) => (
                <li
                  key={person.name}
                  className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-100 sm:p-8"
                >
                  {/* The bio runs the card's full width: beside the initials it was a narrow
                      column of a few words a line on a phone. */}
                  <div className="flex items-center gap-4">
                    <span
                      aria-hidden="true"
                      className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-800 text-lg font-semibold tracking-wide text-white"
                    >
                      {initials(person.name)}
                    </span>
                    <div className="min-w-0">
                      <h3 className="text-lg font-semibold text-brand-900">{person.name}</h3>
                      {person.role ? (
                        <p className="text-sm font-medium text-accent-700">{person.role}</p>
                      ) : null}
                    </div>
                  </div>
                  {person.bio ? (
                    <p className="mt-4 leading-relaxed text-ink-700">{person.bio}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.4fr_1fr] lg:px-8">
        <CompanyFacts />
        <Contact />
      </div>

      <div className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
        <a
          href={routes.security}
          className="group flex items-center justify-between gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-100 hover:ring-accent-300 sm:p-8"
        >
          <span>
            <span className="block text-lg font-semibold text-brand-900">{COPY.securityLink}</span>
            <span className="mt-1 block text-ink-700">{COPY.securityText}</span>
          </span>
          <ArrowRight
            aria-hidden="true"
            className="size-6 shrink-0 text-accent-700 transition-transform group-hover:translate-x-1"
          />
        </a>
      </div>
    </>
  )
}

const StaticContent = import.meta.env.SSR ? AboutContent : null

export function AboutPage() {
  return <InfoPageLayout current={routes.about} content={StaticContent} />
}
