/**
 * Pricing and comparison (docs/product.md, "Routes and screens"): a side-by-side table on large screens, stacked cards on
 * small ones, a summary, the expandable full comparison, a screenshot viewer per model and the
 * customization box. Choosing a model selects it in the trial form.
 */
import { Check, Images, ShieldCheck, Sparkles, Wrench } from 'lucide-react'
import { anchors } from '#src/common/paths.ts'
import { buyTarget } from '#src/common/site/buying.ts'
import { SectionHeading } from '../components/section-heading.tsx'
import { buttonClasses } from '../components/ui/button.tsx'
import { formatPrice, MONEY_BACK_DAYS, PLANS, PRICING_COPY, type Plan } from '../content/pricing.ts'
import { cn } from '../lib/cn.ts'
import { action } from '../lib/actions.ts'
import { BUY_COPY } from '../content/buy.ts'
import { TRIAL_COPY } from '../content/trial.ts'
import { trialKeySlot } from '../features/trial/trial-key-slots.ts'
import { settings } from '../settings.ts'
import { FullComparison } from './full-comparison.tsx'

/**
 * Buy (docs/product.md, "Buying"): a link to the model's hosted checkout when one is configured (it works
 * before any script runs), else a button that opens the "Request an invoice" dialog.
 */
function BuyButton({ plan }: { plan: Plan }) {
  const target = buyTarget(settings, plan.model)
  const className = buttonClasses(plan.mostPopular ? 'accent' : 'primary', 'lg', 'w-full')
  const label = BUY_COPY.buy(plan.name)
  return (
    <div>
      {target.kind === 'checkout' ? (
        <a href={target.url} {...action('buy', plan.model)} className={className}>
          {label}
        </a>
      ) : (
        <button type="button" {...action('buy', plan.model)} className={className}>
          {label}
        </button>
      )}
      <p className="mt-2 text-center text-xs text-balance text-ink-600">
        {target.kind === 'checkout' ? BUY_COPY.checkoutNote : BUY_COPY.invoiceNote}
      </p>
    </div>
  )
}

/**
 * The trial button and, under it, the keys left this month: a neutral line in the HTML that the
 * trial form's count request fills in place (features/trial/trial-key-slots.ts).
 */
function ChooseButton({ plan, className }: { plan: Plan; className?: string }) {
  return (
    <div className={className}>
      <a
        href={`#${anchors.trialFormFor(plan.model)}`}
        {...action('select-model', plan.model)}
        className={buttonClasses('secondary', 'lg', 'w-full')}
      >
        {PRICING_COPY.choose(plan.name)}
      </a>
      <p
        {...trialKeySlot(plan.model)}
        className="mt-2 h-4 overflow-hidden text-center text-xs leading-4 whitespace-nowrap text-ink-600"
      >
        {TRIAL_COPY.keysPending}
      </p>
    </div>
  )
}

function ScreenshotsButton({ plan }: { plan: Plan }) {
  return (
    <button
      type="button"
      {...action('open-gallery', plan.model)}
      className={buttonClasses('ghost', 'md', 'w-full text-accent-700 max-sm:px-3')}
    >
      <Images aria-hidden="true" className="size-5" />
      {PRICING_COPY.viewScreenshots(plan.name)}
    </button>
  )
}

function Price({ plan }: { plan: Plan }) {
  return (
    <p className="flex items-baseline gap-2">
      <span className="text-4xl font-semibold tracking-tight text-brand-900">
        {formatPrice(plan.priceUsd)}
      </span>
      <span className="text-sm text-ink-500">one-time</span>
    </p>
  )
}

function MostPopularBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-accent-600 px-3 py-1 text-xs font-semibold text-white">
      <Sparkles aria-hidden="true" className="size-3.5" />
      {PRICING_COPY.mostPopular}
    </span>
  )
}

function sentenceCase(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Small screens: one card per model. */
function PlanCards() {
  return (
    <ul className="mt-12 grid gap-6 lg:hidden">
      {PLANS.map((plan) => (
        <li
          key={plan.model}
          className={cn(
            'rounded-2xl bg-white p-5 shadow-sm ring-1 sm:p-6',
            plan.mostPopular ? 'ring-2 ring-accent-600' : 'ring-ink-200',
          )}
        >
          <div className="flex items-center justify-between gap-3">
            <h3 className="text-xl font-semibold text-brand-900">{plan.name}</h3>
            {plan.mostPopular ? <MostPopularBadge /> : null}
          </div>
          <p className="mt-1 text-sm text-ink-600">{plan.bestFor}</p>
          <div className="mt-4">
            <Price plan={plan} />
          </div>
          <p className="mt-4 text-ink-700">{plan.summary}</p>
          <ul className="mt-5 space-y-2 text-sm text-ink-700">
            {[
              PRICING_COPY.timeSpan(plan.timeSpanYears),
              PRICING_COPY.actuals(plan.maxActualsYears),
              ...plan.highlights,
            ].map((item) => (
              <li key={item} className="flex gap-2">
                <Check aria-hidden="true" className="size-5 shrink-0 text-accent-600" />
                {item}
              </li>
            ))}
          </ul>
          <div className="mt-6 space-y-3">
            <BuyButton plan={plan} />
            <ChooseButton plan={plan} />
            <ScreenshotsButton plan={plan} />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** Large screens: both models side by side in one table. */
function PlanTable() {
  const rows: Array<{ label: string; cell: (plan: Plan) => React.ReactNode }> = [
    {
      label: PRICING_COPY.table.bestFor,
      cell: (plan) => sentenceCase(plan.bestFor.replace(/^best for /, '')),
    },
    {
      label: PRICING_COPY.table.timeSpan,
      cell: (plan) => PRICING_COPY.table.years(plan.timeSpanYears),
    },
    {
      label: PRICING_COPY.table.actuals,
      cell: (plan) => PRICING_COPY.table.upToYears(plan.maxActualsYears),
    },
    {
      label: PRICING_COPY.table.highlights,
      cell: (plan) => (
        <ul className="space-y-2">
          {plan.highlights.map((item) => (
            <li key={item} className="flex gap-2">
              <Check aria-hidden="true" className="size-5 shrink-0 text-accent-600" />
              {item}
            </li>
          ))}
        </ul>
      ),
    },
    { label: PRICING_COPY.table.moneyBack, cell: () => PRICING_COPY.table.days(MONEY_BACK_DAYS) },
  ]
  return (
    <div className="mt-14 hidden lg:block">
      <table className="w-full table-fixed border-separate border-spacing-0 text-left">
        <caption className="sr-only">{PRICING_COPY.table.caption}</caption>
        <colgroup>
          <col className="w-1/4" />
          <col />
          <col />
        </colgroup>
        <thead>
          <tr>
            <td />
            {PLANS.map((plan) => (
              <th
                key={plan.model}
                scope="col"
                className={cn(
                  'rounded-t-2xl border-x border-t px-8 pt-8 pb-6 align-top font-normal',
                  plan.mostPopular
                    ? 'border-accent-600 bg-accent-50/60'
                    : 'border-ink-200 bg-white',
                )}
              >
                <div className="flex items-center justify-between gap-3">
                  <span className="text-2xl font-semibold text-brand-900">{plan.name}</span>
                  {plan.mostPopular ? <MostPopularBadge /> : null}
                </div>
                <p className="mt-1 text-sm text-ink-600">{plan.bestFor}</p>
                <div className="mt-5">
                  <Price plan={plan} />
                </div>
                <p className="mt-4 text-sm leading-relaxed text-ink-700">{plan.summary}</p>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th
                scope="row"
                className="border-t border-ink-100 py-4 pr-4 align-top text-sm font-semibold text-ink-700"
              >
                {row.label}
              </th>
              {PLANS.map((plan) => (
                <td
                  key={plan.model}
                  className={cn(
                    'border-x border-t border-t-ink-100 px-8 py-4 align-top text-sm text-ink-800',
                    plan.mostPopular ? 'border-x-accent-600 bg-accent-50/60' : 'border-x-ink-200',
                  )}
                >
                  {row.cell(plan)}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <td />
            {PLANS.map((plan) => (
              <td
                key={plan.model}
                className={cn(
                  'rounded-b-2xl border-x border-b px-8 pt-4 pb-8',
                  plan.mostPopular ? 'border-accent-600 bg-accent-50/60' : 'border-ink-200',
                )}
              >
                <BuyButton plan={plan} />
                <ChooseButton plan={plan} className="mt-3" />
                <div className="mt-2">
                  <ScreenshotsButton plan={plan} />
                </div>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  )
}

export function Pricing() {
  return (
    <section
      id={anchors.pricing}
      aria-labelledby="pricing-heading"
      className="bg-ink-50 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="pricing-heading"
          eyebrow={PRICING_COPY.eyebrow}
          heading={PRICING_COPY.heading}
          intro={PRICING_COPY.intro}
        />
        <PlanCards />
        <PlanTable />
        <p className="mt-8 flex flex-col items-center gap-1 text-center text-sm text-ink-600">
          <span className="inline-flex items-center gap-2 font-semibold text-brand-900">
            <ShieldCheck aria-hidden="true" className="size-5 text-accent-600" />
            {PRICING_COPY.guarantee}
          </span>
          <span>
            {PRICING_COPY.guaranteeNote} {PRICING_COPY.licenseNote}
          </span>
        </p>

        <div className="mt-14 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-100 sm:p-8">
          <h3 className="text-xl font-semibold text-brand-900">{PRICING_COPY.summaryHeading}</h3>
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            {PRICING_COPY.summary.map((item) => (
              <p key={item.title} className="leading-relaxed text-ink-700">
                <strong className="font-semibold text-brand-900">{item.title}</strong> {item.text}
              </p>
            ))}
          </div>
        </div>

        <FullComparison />

        <div className="mt-14 flex flex-col items-start gap-6 rounded-2xl bg-brand-900 p-6 text-white sm:p-8 md:flex-row md:items-center md:justify-between">
          <div className="flex gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/10 text-accent-300">
              <Wrench aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h3 className="text-xl font-semibold">{PRICING_COPY.customHeading}</h3>
              <p className="mt-2 max-w-2xl text-ink-200">{PRICING_COPY.customText}</p>
            </div>
          </div>
          <button
            type="button"
            {...action('open-booking')}
            className={buttonClasses(
              'accent',
              'lg',
              'shrink-0 max-sm:w-full max-sm:px-4 max-sm:text-sm',
            )}
          >
            {PRICING_COPY.customButton}
          </button>
        </div>
      </div>
    </section>
  )
}
