/**
 * Fit to history (docs/product.md, "Pacing Lab"; docs/product.md): a pasted history, or a link's
 * `actuals=`, fitted by least squares (fit.ts) with the commitment and life of the form. The
 * actual calls are taken as they were and the call rate going forward is fitted to them; the bow
 * and growth are fitted to the distributions and NAV. The fitted call rate, bow and growth and the
 * fund's state after its last actual year (age, NAV, paid-in) become the inputs, so the projection
 * continues from there, and the history stays in the state: the address keeps `actuals=` beside
 * the fitted inputs, and the page shows the fund's figures to date and since inception.
 *
 * A link whose age already equals its history's length was fitted before it was shared: it is
 * shown as it is (its inputs may have been edited after the fit), and the fit is only redone for
 * the comparison table. A link with a history and no such age is fitted on arrival.
 */
import { useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react'
import type { FitResult } from '#src/common/pacing/fit.ts'
import { actualsToCsv, parseActualsCsv, type ActualYear } from '#src/common/pacing/history.ts'
import { FIT_COPY } from '../../content/pacing-parts.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { cn } from '../../lib/cn.ts'
import { DataTable, type Column } from './data-table.tsx'
import { inputClasses } from './field.tsx'
import { formatMoney, formatPercent, moneyDigits } from './format.ts'
import { editFundField, thisYear, type FundState } from './fund-state.ts'

/** The fit loads on first use: most visitors never fit, and the page's first JavaScript stays
 * smaller (bench/pacing-page.ts). */
const loadFit = () => import('#src/common/pacing/fit.ts')

interface FitRow {
  year: number
  actual: ActualYear
  fitted: { contributions: number; distributions: number; nav: number }
}

const K = FIT_COPY.columns

function fitColumns(digits: number): readonly Column<FitRow>[] {
  const money = (n: number) => formatMoney(n, digits)
  return [
    { key: 'year', label: K.year, value: (r) => String(r.year) },
    { key: 'c', label: K.actualCalls, value: (r) => money(r.actual.contributions) },
    { key: 'fc', label: K.fittedCalls, value: (r) => money(r.fitted.contributions) },
    { key: 'd', label: K.actualDistributions, value: (r) => money(r.actual.distributions) },
    { key: 'fd', label: K.fittedDistributions, value: (r) => money(r.fitted.distributions) },
    { key: 'nav', label: K.actualNav, value: (r) => money(r.actual.nav) },
    { key: 'fnav', label: K.fittedNav, value: (r) => money(r.fitted.nav) },
  ]
}

/** A fitted value as the form shows it: enough digits to reproduce the fit. */
const fieldText = (v: number, decimals: number) => String(Number(v.toFixed(decimals)))

/** The form after a fit: the fitted inputs, each through the form's own validation. */
function applyFit(state: FundState, fit: FitResult, actuals: ActualYear[]): FundState {
  const edits: [Parameters<typeof editFundField>[1], string][] = [
    ['rc', fieldText(fit.rc, 4)],
    ['bow', fieldText(fit.bow, 3)],
    ['growth', fieldText(fit.growth, 4)],
    ['yield', ''],
    ['lastcall', ''],
    ['paid', fieldText(fit.paid, 2)],
    // The age field shows a vintage year, as the form does everywhere.
    ['age', String(thisYear() - fit.age)],
    ['nav', fieldText(fit.nav, 2)],
  ]
  // The fit's inputs are no preset's: the age edit must not re-read one.
  let fitted: FundState = { ...state, preset: null }
  for (const [field, text] of edits) fitted = editFundField(fitted, field, text)
  return { ...fitted, actuals, actualsError: null }
}

interface Outcome {
  rows: FitRow[]
  fit: FitResult
  commitment: number
  fromLink: boolean
}

interface Props {
  state: FundState
  onChange: Dispatch<SetStateAction<FundState>>
}

export function FitPanel({ state, onChange }: Props) {
  const id = useId()
  const [text, setText] = useState(() => (state.actuals ? actualsToCsv(state.actuals) : ''))
  const [message, setMessage] = useState<string | null>(state.actualsError)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  /** Fit `actuals`; `apply`: make the fitted values the inputs. */
  const run = async (actuals: ActualYear[], apply: boolean, fromLink: boolean) => {
    const { commitment, life } = state.inputs
    if (actuals.length > life) {
      setMessage(FIT_COPY.tooLong(actuals.length, life))
      return
    }
    const { fitToHistory } = await loadFit()
    let fit: FitResult
    try {
      fit = fitToHistory(actuals, commitment, life)
    } catch {
      setMessage(FIT_COPY.callsAboveCommitment)
      return
    }
    setMessage(null)
    setOutcome({
      fit,
      commitment,
      fromLink,
      rows: actuals.map((actual, i) => ({
        year: i + 1,
        actual,
        fitted: {
          contributions: fit.callsAtRate[i] ?? 0,
          distributions: fit.fitted[i]?.distributions ?? 0,
          nav: fit.fitted[i]?.nav ?? 0,
        },
      })),
    })
    if (apply) onChange((current) => applyFit(current, fit, actuals))
  }

  // A link's history: fitted once on arrival; its inputs are applied unless the link was made
  // after a fit (its age is the history's length).
  const arrived = useRef(false)
  useEffect(() => {
    if (arrived.current) return
    arrived.current = true
    if (state.actuals === null) return
    void run(state.actuals, state.inputs.age !== state.actuals.length, true)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, [])

  const submit = () => {
    const parsed = parseActualsCsv(text)
    if (!parsed.ok) {
      setMessage(parsed.message)
      return
    }
    void run(parsed.actuals, true, false)
  }

  const digits = outcome
    ? moneyDigits(Math.max(outcome.commitment, ...outcome.rows.map((r) => r.actual.nav)))
    : 0
  const errorId = message ? `${id}-error` : undefined
  return (
    <section aria-labelledby="fit-heading" data-print-hide="" className="space-y-4">
      <div>
        <h2 id="fit-heading" className="text-base font-semibold text-brand-900">
          {FIT_COPY.heading}
        </h2>
        <p className="mt-1 text-sm text-ink-600">{FIT_COPY.intro}</p>
      </div>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
        className="space-y-3"
      >
        <div>
          <label htmlFor="fit-history" className="block text-sm font-medium text-ink-800">
            {FIT_COPY.label}
          </label>
          <textarea
            id="fit-history"
            name="fit-history"
            rows={5}
            spellCheck={false}
            autoComplete="off"
            value={text}
            placeholder={FIT_COPY.placeholder}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={message ? true : undefined}
            aria-describedby={[errorId, `${id}-hint`].filter(Boolean).join(' ')}
            className={cn(
              inputClasses,
              'py-2 font-mono text-sm',
              message
                ? 'border-red-700 focus:border-red-700 focus:ring-red-100'
                : 'border-ink-300 focus:border-brand-500 focus:ring-brand-200',
            )}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-ink-600">
            {FIT_COPY.hint}
          </p>
          {message ? (
            <p id={errorId} role="alert" data-fit="error" className="mt-1.5 text-sm text-red-800">
              {message}
            </p>
          ) : null}
        </div>
        <button type="submit" className={buttonClasses('secondary', 'sm')}>
          {FIT_COPY.fit}
        </button>
      </form>
      {outcome ? (
        <div className="space-y-3" data-fit="result">
          <p className="text-sm text-ink-800" aria-live="polite">
            {outcome.fromLink ? `${FIT_COPY.fromLink} ` : ''}
            {FIT_COPY.applied(
              fieldText(outcome.fit.rc, 4),
              fieldText(outcome.fit.bow, 3),
              fieldText(outcome.fit.growth, 4),
              outcome.fit.age,
            )}
          </p>
          <p data-fit="rms" className="text-sm font-medium text-brand-900">
            {FIT_COPY.error(
              formatPercent(outcome.fit.errorShare),
              formatMoney(outcome.fit.rmsError, digits),
            )}
          </p>
          <p className="text-sm text-ink-600">{FIT_COPY.linkNote}</p>
          <DataTable
            id="fit-table"
            caption={FIT_COPY.tableCaption}
            regionLabel={FIT_COPY.tableRegionLabel}
            columns={fitColumns(digits)}
            rows={outcome.rows}
          />
        </div>
      ) : null}
    </section>
  )
}
