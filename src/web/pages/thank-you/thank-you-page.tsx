/**
 * /thank-you?model=basic|advanced: the three steps after a trial request (docs/product.md,
 * "Routes and screens").
 */
import {
  BookOpen,
  CalendarCheck,
  CreditCard,
  Download,
  MailCheck,
  MessageCircle,
  PlayCircle,
} from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { isModel, MODEL_LABELS, type Model } from '#src/common/models.ts'
import { buyTarget } from '#src/common/site/buying.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { settings } from '../../settings.ts'
import { THANK_YOU_COPY } from '../../content/thank-you.ts'
import { BUY_COPY, THANK_YOU_BUY_COPY } from '../../content/buy.ts'
import { formatPrice, PLANS } from '../../content/pricing.ts'
import { DialogHost, useSiteActions } from '../../features/dialogs/dialog-host.tsx'
import { trackConversion } from '../../features/tracking/conversion.ts'
import { AddressCorrection } from '../../features/trial/address-correction.tsx'
import { LostKeyForm } from '../../features/trial/lost-key-form.tsx'
import { SiteFooter } from '../../sections/site-footer.tsx'
import { SiteHeader } from '../../sections/site-header.tsx'
import { ServerOnly } from '../../components/server-only.tsx'

// The site's header and footer, server-only: they need no code here.
const StaticHeader = import.meta.env.SSR ? () => <SiteHeader /> : null
const StaticFooter = import.meta.env.SSR ? SiteFooter : null

/** The model named by ?model=, defaulting to basic (docs/product.md, "Routes and screens"). */
function modelFromSearch(search: string): Model {
  const value = new URLSearchParams(search).get('model')
  return isModel(value) ? value : 'basic'
}

function Step({
  n,
  icon,
  title,
  children,
}: {
  n: number
  icon: ReactNode
  title: string
  children: ReactNode
}) {
  return (
    // On a phone the icon sits beside the step's title and the text and buttons take the
    // card's full width; beside a column of icons they wrapped a word a line.
    <li className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-100 sm:items-start sm:gap-x-6 sm:gap-y-2 sm:p-8">
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-800 text-white sm:row-span-2">
        {icon}
      </span>
      <div>
        <p className="text-sm font-semibold text-accent-700">Step {n}</p>
        <h2 className="mt-1 text-xl font-semibold text-brand-900">{title}</h2>
      </div>
      <div className="col-span-2 space-y-3 text-ink-700 sm:col-span-1 sm:col-start-2">
        {children}
      </div>
    </li>
  )
}

/** How to buy (docs/product.md, "Buying"): the trial's model first, the other beside it. */
function BuySection({ model, onBuy }: { model: Model; onBuy: (model: Model) => void }) {
  const plan = PLANS.find((p) => p.model === model) ?? PLANS[0]!
  const other = PLANS.find((p) => p.model !== model)!
  return (
    <section
      aria-labelledby="buy-heading"
      className="mt-10 flex flex-col gap-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-100 sm:p-8 md:flex-row md:items-center md:justify-between"
    >
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 sm:items-start">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-700 ring-1 ring-accent-200 sm:row-span-2">
          <CreditCard aria-hidden="true" className="size-6" />
        </span>
        <h2 id="buy-heading" className="text-xl font-semibold text-brand-900">
          {THANK_YOU_BUY_COPY.heading}
        </h2>
        <p className="col-span-2 max-w-xl text-ink-700 sm:col-span-1 sm:col-start-2">
          {THANK_YOU_BUY_COPY.text(buyTarget(settings, model).kind === 'checkout')}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-stretch gap-2 md:items-end">
        <button
          type="button"
          onClick={() => onBuy(plan.model)}
          className={buttonClasses('primary', 'lg')}
        >
          {BUY_COPY.buyWithPrice(plan.name, formatPrice(plan.priceUsd))}
        </button>
        <button
          type="button"
          onClick={() => onBuy(other.model)}
          className="min-h-11 text-sm font-semibold text-accent-700 underline-offset-4 hover:underline"
        >
          {THANK_YOU_BUY_COPY.other(other.name, formatPrice(other.priceUsd))}
        </button>
      </div>
    </section>
  )
}

function ThankYouContent() {
  // Pre-rendered without a query; the model is read after hydration.
  const [model, setModel] = useState<Model | null>(null)
  const { openBooking, openChat, buy } = useSiteActions()
  useEffect(() => {
    setModel(modelFromSearch(window.location.search))
    trackConversion('trial')
  }, [])
  const shown = model ?? 'basic'
  const label = MODEL_LABELS[shown]
  const downloadUrl = settings.downloadUrls[shown]

  return (
    <div className="flex min-h-dvh flex-col bg-ink-50">
      <ServerOnly render={StaticHeader} />
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-semibold tracking-tight text-brand-900 sm:text-4xl">
          {THANK_YOU_COPY.heading}
        </h1>
        <p className="mt-3 text-lg text-ink-600">{THANK_YOU_COPY.intro(label)}</p>
        <ol className="mt-10 space-y-5">
          <Step
            n={1}
            icon={<Download aria-hidden="true" className="size-6" />}
            title={THANK_YOU_COPY.step1Title}
          >
            <p>{THANK_YOU_COPY.step1Text}</p>
            {downloadUrl ? (
              <a
                href={downloadUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses(
                  'accent',
                  'lg',
                  'max-sm:w-full max-sm:px-4 max-sm:text-sm',
                )}
                data-model={shown}
              >
                {/* Below 360 px the step's own download icon beside it says enough, and the
                    label keeps to one line. */}
                <Download aria-hidden="true" className="size-5 max-[359px]:hidden" />
                {THANK_YOU_COPY.download(label)}
              </a>
            ) : (
              <p>
                Write to{' '}
                <a
                  className="font-semibold text-accent-700 underline"
                  href={`mailto:${settings.supportEmail}`}
                >
                  {settings.supportEmail}
                </a>{' '}
                for your download link.
              </p>
            )}
          </Step>
          <Step
            n={2}
            icon={<MailCheck aria-hidden="true" className="size-6" />}
            title={THANK_YOU_COPY.step2Title}
          >
            <p>{THANK_YOU_COPY.step2Text}</p>
            <AddressCorrection />
            <p className="text-sm text-ink-600">{THANK_YOU_COPY.spamNote}</p>
            <LostKeyForm key={model ?? ''} model={model ?? undefined} />
          </Step>
          <Step
            n={3}
            icon={<BookOpen aria-hidden="true" className="size-6" />}
            title={THANK_YOU_COPY.step3Title}
          >
            <p>{THANK_YOU_COPY.step3Text}</p>
            {shown === 'basic' ? (
              <p className="font-medium text-brand-900">{THANK_YOU_COPY.basicNote}</p>
            ) : null}
            <div className="flex flex-col gap-2 sm:flex-row">
              {settings.documentationUrl ? (
                <a
                  href={settings.documentationUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses('secondary')}
                >
                  <BookOpen aria-hidden="true" className="size-5" />
                  {THANK_YOU_COPY.documentation}
                </a>
              ) : null}
              {settings.videoTutorialsUrl ? (
                <a
                  href={settings.videoTutorialsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses('secondary')}
                >
                  <PlayCircle aria-hidden="true" className="size-5" />
                  {THANK_YOU_COPY.videoGuides}
                </a>
              ) : null}
            </div>
          </Step>
        </ol>
        <BuySection model={shown} onBuy={buy} />
        <div className="mt-5 grid gap-5 md:grid-cols-2">
          <section
            aria-labelledby="consultation-heading"
            className="rounded-2xl bg-brand-900 p-6 text-white sm:p-8"
          >
            <CalendarCheck aria-hidden="true" className="size-6 text-accent-300" />
            <h2 id="consultation-heading" className="mt-3 text-xl font-semibold">
              {THANK_YOU_COPY.consultationHeading}
            </h2>
            <p className="mt-2 text-ink-200">{THANK_YOU_COPY.consultationText}</p>
            <button
              type="button"
              onClick={openBooking}
              className={buttonClasses('accent', 'md', 'mt-5')}
            >
              {THANK_YOU_COPY.consultationButton}
            </button>
          </section>
          <section
            aria-labelledby="support-heading"
            className="rounded-2xl bg-white p-6 ring-1 ring-ink-100 sm:p-8"
          >
            <MessageCircle aria-hidden="true" className="size-6 text-accent-700" />
            <h2 id="support-heading" className="mt-3 text-xl font-semibold text-brand-900">
              {THANK_YOU_COPY.chatHeading}
            </h2>
            <p className="mt-2 text-ink-700">{THANK_YOU_COPY.chatText}</p>
            <button
              type="button"
              onClick={openChat}
              className={buttonClasses('primary', 'md', 'mt-5')}
            >
              {THANK_YOU_COPY.chatButton}
            </button>
          </section>
        </div>
      </main>
      <ServerOnly render={StaticFooter} />
    </div>
  )
}

export function ThankYouPage() {
  return (
    <DialogHost>
      <ThankYouContent />
    </DialogHost>
  )
}
