/**
 * Fit to history (docs/product.md, "Pacing Lab"): a pasted history, or a link's `actuals=`, fitted
 * by least squares (fit.ts) with the commitment and life of the form; the fitted call rate, bow and
 * growth and the fund's state after its last actual year (age, NAV, paid-in) become the inputs, so
 * the projection continues from there. The history itself stays on the page: once fitted, the
 * address carries the fitted inputs only (they reproduce the projection; a history of many years
 * would make a long link).
 */
import { useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react'
import type { ActualYear, FitResult } from '#src/common/pacing/fit.ts'
import { FIT_COPY } from '../../content/pacing.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { cn } from '../../lib/cn.ts'
import { DataTable, type Column } from './data-table.tsx'
import { inputClasses } from './field.tsx'
import { formatMoney, moneyDigits } from './format.ts'
import { editFundField, fundStateFromQuery, type FundState } from './fund-state.ts'

/** The parser and the fit load on first use: most visitors never fit, and the page's first
 * JavaScript stays smaller (bench/pacing-page.ts). */
const loadFit = () => import('#src/common/pacing/fit.ts')
type FitModule = Awaited<ReturnType<typeof loadFit>>

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
function applyFit(state: FundState, fit: FitResult): FundState {
  const edits: [Parameters<typeof editFundField>[1], string][] = [
    ['rc', fieldText(fit.rc, 4)],
    ['bow', fieldText(fit.bow, 3)],
    ['growth', fieldText(fit.growth, 4)],
    ['yield', ''],
    ['lastcall', ''],
    ['paid', fieldText(fit.paid, 2)],
    ['age', String(fit.age)],
    ['nav', fieldText(fit.nav, 2)],
  ]
  return edits.reduce((s, [field, text]) => editFundField(s, field, text), state)
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
  const [text, setText] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  const run = (
    fitToHistory: FitModule['fitToHistory'],
    actuals: ActualYear[],
    fromLink: boolean,
  ) => {
    // A link's commitment and life may not have reached this component's props yet.
    const { commitment, life } = fromLink
      ? fundStateFromQuery(window.location.search).inputs
      : state.inputs
    if (!(commitment > 0) || !(life >= 1)) {
      setMessage(FIT_COPY.noCommitment)
      return
    }
    if (actuals.length > life) {
      setMessage(FIT_COPY.tooLong(actuals.length, life))
      return
    }
    const fit = fitToHistory(actuals, commitment, life)
    setMessage(null)
    setOutcome({
      fit,
      commitment,
      fromLink,
      rows: actuals.map((actual, i) => ({
        year: i + 1,
        actual,
        fitted: fit.fitted[i] ?? { contributions: 0, distributions: 0, nav: 0 },
      })),
    })
    onChange((current) => applyFit(current, fit))
  }

  // A link's `actuals=`: shown as the CSV it stands for and fitted once on arrival.
  const linkDone = useRef(false)
  useEffect(() => {
    if (linkDone.current) return
    linkDone.current = true
    const raw = new URLSearchParams(window.location.search).get('actuals')
    if (raw === null) return
    // Loaded after the lab's own effect (a parent's runs after its children's) has queued the
    // link's state, so the fitted inputs are applied on top of it.
    void loadFit().then(({ parseActualsParam, actualsToCsv, fitToHistory }) => {
      const parsed = parseActualsParam(raw)
      if (!parsed.ok) {
        setText(raw)
        setMessage(parsed.message)
        return
      }
      setText(actualsToCsv(parsed.actuals))
      run(fitToHistory, parsed.actuals, true)
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, [])

  const submit = async () => {
    const { parseActualsCsv, fitToHistory } = await loadFit()
    const parsed = parseActualsCsv(text)
    if (!parsed.ok) {
      setMessage(parsed.message)
      return
    }
    run(fitToHistory, parsed.actuals, false)
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
          void submit()
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
            {FIT_COPY.error(formatMoney(outcome.fit.rmsError, digits))}
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
