/**
 * /security: Security & installation: code signing, offline use, where data lives, system
 * requirements, and uninstall with the license deactivation a refund needs (docs/product.md).
 * Static: rendered at build time; the footer runs through data-action.
 */
import { BadgeCheck, HardDrive, Monitor, WifiOff, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { MODEL_LABELS, MODELS } from '#src/common/models.ts'
import { routes } from '#src/common/paths.ts'
import { InfoHero } from '../../components/info-page.tsx'
import { SECURITY_COPY as COPY } from '../../content/security.ts'
import { InfoPageLayout } from '../info-page-layout.tsx'
import { settings } from '../../settings.ts'

const FACT_ICONS: LucideIcon[] = [BadgeCheck, WifiOff, HardDrive, Monitor]
const S = COPY.sections

const TOC = [
  { id: 'signing', label: S.signing.heading },
  { id: 'formulas', label: S.formulas.heading },
  { id: 'offline', label: S.offline.heading },
  { id: 'data', label: S.data.heading },
  { id: 'requirements', label: S.requirements.heading },
  { id: 'uninstall', label: S.uninstall.heading },
] as const

function Block({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-8 border-t border-ink-100 py-12 first:border-t-0 first:pt-0"
    >
      <h2 id={`${id}-heading`} className="text-2xl font-semibold tracking-tight text-brand-900">
        {heading}
      </h2>
      <div className="mt-5 space-y-4 leading-relaxed text-ink-700">{children}</div>
    </section>
  )
}

/**
 * The installers' SHA-256 and the signing certificate's thumbprint, from the settings
 * (SITE_INSTALLER_SHA256_*, SITE_SIGNING_CERT_THUMBPRINT); what is unset is not shown, and while
 * a checksum is missing the page says support sends it.
 */
function Fingerprints() {
  const hashes = MODELS.filter((model) => settings.installerSha256[model])
  const rows: Array<[string, string]> = [
    ...hashes.map((model): [string, string] => [
      S.signing.sha256Label(MODEL_LABELS[model]),
      settings.installerSha256[model].toLowerCase(),
    ]),
    ...(settings.signingThumbprint
      ? [[S.signing.thumbprint, settings.signingThumbprint.toUpperCase()] as [string, string]]
      : []),
  ]
  return (
    <>
      {rows.length ? (
        <div data-testid="fingerprints">
          <h3 className="pt-2 font-semibold text-brand-900">{S.signing.sha256Heading}</h3>
          {hashes.length ? <p className="mt-2 text-sm">{S.signing.sha256Intro}</p> : null}
          <dl className="mt-3 divide-y divide-ink-100 rounded-xl text-sm ring-1 ring-ink-200">
            {rows.map(([label, value]) => (
              <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-[14rem_1fr] sm:gap-4">
                <dt className="font-medium text-ink-700">{label}</dt>
                {/* A digest wraps anywhere: 64 characters run past a phone's width. */}
                <dd className="font-mono text-ink-900 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {hashes.length < MODELS.length ? (
        <p className="text-sm text-ink-600">{S.signing.checksums}</p>
      ) : null}
    </>
  )
}

function SecurityContent() {
  return (
    <>
      <InfoHero eyebrow={COPY.eyebrow} heading={COPY.heading} intro={COPY.intro} />

      <div className="border-b border-ink-100 bg-ink-50">
        <ul className="mx-auto grid max-w-6xl gap-px px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
          {COPY.facts.map((fact, i) => {
            const Icon = FACT_ICONS[i] ?? BadgeCheck
            return (
              <li key={fact.title} className="flex gap-4 p-4">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-accent-700 shadow-sm ring-1 ring-ink-100">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h2 className="font-semibold text-brand-900">{fact.title}</h2>
                  <p className="mt-1 text-sm text-ink-700">{fact.text}</p>
                </div>
              </li>
            )
          })}
        </ul>
      </div>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[14rem_1fr] lg:px-8">
        <nav aria-labelledby="toc-heading" className="hidden lg:block">
          <div className="sticky top-8">
            <h2
              id="toc-heading"
              className="text-xs font-semibold tracking-wider text-ink-600 uppercase"
            >
              {COPY.onThisPage}
            </h2>
            <ul className="mt-3 space-y-1 border-l border-ink-200">
              {TOC.map((item) => (
                <li key={item.id}>
                  <a
                    href={`#${item.id}`}
                    className="-ml-px flex min-h-9 items-center border-l-2 border-transparent pl-4 text-sm text-ink-700 hover:border-accent-600 hover:text-brand-900"
                  >
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>

        <div className="min-w-0 max-w-3xl">
          <Block id="signing" heading={S.signing.heading}>
            {S.signing.paragraphs.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
            <h3 className="pt-2 font-semibold text-brand-900">{S.signing.verifyHeading}</h3>
            {S.signing.verify.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
            {/* Wraps rather than scrolls: a phone showed half the command with no sign of the rest. */}
            <pre className="rounded-lg bg-brand-950 px-4 py-3 text-sm whitespace-pre-wrap text-ink-100 [overflow-wrap:anywhere]">
              <code>{S.signing.command}</code>
            </pre>
            <Fingerprints />
          </Block>

          <Block id="formulas" heading={S.formulas.heading}>
            {S.formulas.paragraphs.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
            <p>
              <a
                href={routes.methodology}
                className="font-medium text-accent-700 underline underline-offset-4"
              >
                {S.formulas.methodologyLink}
              </a>
            </p>
          </Block>

          <Block id="offline" heading={S.offline.heading}>
            {S.offline.paragraphs.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
          </Block>

          <Block id="data" heading={S.data.heading}>
            {S.data.paragraphs.map((p, i) => (
              <p
                key={p.slice(0, 24)}
                className={
                  i === 0
                    ? 'rounded-xl border-l-4 border-accent-600 bg-accent-50 px-5 py-4 text-ink-800'
                    : undefined
                }
              >
                {p}
              </p>
            ))}
          </Block>

          <Block id="requirements" heading={S.requirements.heading}>
            <div className="overflow-hidden rounded-xl ring-1 ring-ink-200">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{S.requirements.heading}</caption>
                <tbody className="divide-y divide-ink-100">
                  {S.requirements.rows.map(([label, value]) => (
                    <tr key={label} className="align-top">
                      <th
                        scope="row"
                        className="w-2/5 bg-ink-50 px-4 py-3 font-medium text-ink-700 sm:w-1/3"
                      >
                        {label}
                      </th>
                      <td className="px-4 py-3 text-ink-900">{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Block>

          <Block id="uninstall" heading={S.uninstall.heading}>
            <p>{S.uninstall.intro}</p>
            <ol className="mt-2 space-y-5">
              {S.uninstall.steps.map((step, i) => (
                <li key={step.title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-white tabular-nums"
                  >
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-brand-900">{step.title}</h3>
                    <p className="mt-1">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </Block>

          <section
            aria-labelledby="it-contact-heading"
            className="mt-4 rounded-2xl bg-brand-900 p-6 text-white sm:p-8"
          >
            <h2 id="it-contact-heading" className="text-xl font-semibold">
              {COPY.contactHeading}
            </h2>
            <p className="mt-2 text-ink-200">{COPY.contactText}</p>
            <p className="mt-4">
              {COPY.contact}{' '}
              <a
                href={`mailto:${settings.supportEmail}`}
                className="font-semibold text-accent-300 underline underline-offset-4"
              >
                {settings.supportEmail}
              </a>
            </p>
          </section>
        </div>
      </div>
    </>
  )
}

const StaticContent = import.meta.env.SSR ? SecurityContent : null

export function SecurityPage() {
  return <InfoPageLayout current={routes.security} content={StaticContent} />
}
