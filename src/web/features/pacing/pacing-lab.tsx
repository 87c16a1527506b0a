/**
 * The interactive Pacing Lab: one fund or a portfolio plan, switched by tabs. Its first render
 * shows the query it is given (the server renders a shared link's query, src/server/http/
 * pacing-render.ts; the static page has none), marked on its root (data-lab-query) so hydration
 * starts from the same state. A link the server did not render (the static page as fallback)
 * is read once hydrated. From the first change on, the address bar follows the inputs
 * (history.replaceState, after a pause in typing), so copying it shares the result
 * (docs/product.md, "Pacing Lab").
 *
 * The portfolio plan's code is not in the page's first JavaScript (portfolio-part.ts): it loads
 * when its tab is chosen, or before hydration when the page was rendered on it (labReady).
 */
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react'
import {
  normalizeQuery,
  parseMode,
  serializeFundQuery,
  withBands,
  withFrequency,
  withScenario,
  withStress,
  type Mode,
} from '#src/common/pacing/query.ts'
import { actualsToParam } from '#src/common/pacing/history.ts'
import { PACING_COPY } from '../../content/pacing.ts'
import { loadBeforeRender } from '../../lib/lazy-near.ts'
import { FundLab } from './fund-lab.tsx'
import {
  fundStateFromQuery,
  initialFundState,
  linkFrequencyError,
  type FundState,
} from './fund-state.ts'
import { ModeTabs, TabPanel } from './mode-tabs.tsx'
import type { PortfolioState } from './portfolio-state.ts'

type PortfolioPart = typeof import('./portfolio-part.ts')
let portfolioPart: PortfolioPart | null = null
const loadPortfolioPart = () =>
  import('./portfolio-part.ts').then(
    ({ PortfolioLab, initialPortfolioState, planQuery, portfolioStateFromQuery }) =>
      (portfolioPart = { PortfolioLab, initialPortfolioState, planQuery, portfolioStateFromQuery }),
  )
// The pre-render and the server's render of a link show the plan without waiting.
loadBeforeRender(loadPortfolioPart)

/** The plan's code, which a state on the plan needs loaded (labReady, loadPortfolioPart). */
function planPart(): PortfolioPart {
  if (!portfolioPart) throw new Error("the portfolio plan's code is not loaded yet")
  return portfolioPart
}

const ADDRESS_DELAY_MS = 400

function replaceQuery(query: string) {
  const url = `${window.location.pathname}?${query}`
  if (url !== `${window.location.pathname}${window.location.search}`)
    history.replaceState(history.state, '', url)
}

const tabClasses = (selected: boolean) =>
  selected
    ? 'inline-flex min-h-11 flex-1 items-center justify-center rounded-md bg-white px-4 text-sm font-semibold text-brand-900 shadow-sm sm:flex-none'
    : 'inline-flex min-h-11 flex-1 items-center justify-center rounded-md px-4 text-sm font-semibold text-ink-700 transition-colors hover:text-brand-900 sm:flex-none'

const MODES = [
  { value: 'fund', label: PACING_COPY.modes.fund },
  { value: 'portfolio', label: PACING_COPY.modes.portfolio },
] as const

interface LabState {
  mode: Mode
  fund: FundState
  /** Null until the plan is first shown (its code loads then). */
  portfolio: PortfolioState | null
  /** Some value of the link was refused: the alert above the tabs. */
  linkProblems: boolean
}

/** Whether a query opens the plan, whose code must then be loaded first (labReady). */
const opensPlan = (search: string) => parseMode(search).mode === 'portfolio'

/** Loads what the lab's first render of this query needs beyond the page's first JavaScript. */
export async function labReady(search: string): Promise<void> {
  if (opensPlan(search)) await loadPortfolioPart()
}

/**
 * The state a query opens (the defaults for an empty one), on the server and in the browser.
 * A query on the plan needs its code loaded (labReady).
 */
function labStateFromQuery(search: string): LabState {
  if (!search) {
    return { mode: 'fund', fund: initialFundState(), portfolio: null, linkProblems: false }
  }
  if (opensPlan(search)) {
    const portfolio = planPart().portfolioStateFromQuery(search)
    return {
      mode: 'portfolio',
      fund: initialFundState(),
      portfolio,
      linkProblems:
        Object.keys(portfolio.errors).length > 0 ||
        Object.keys(portfolio.rowErrors).length > 0 ||
        linkFrequencyError(search),
    }
  }
  const fund = fundStateFromQuery(search)
  return {
    mode: 'fund',
    fund,
    portfolio: null,
    linkProblems:
      Object.keys(fund.errors).length > 0 ||
      Object.keys(fund.shiftErrors).length > 0 ||
      Object.keys(fund.bandErrors).length > 0 ||
      fund.actualsError !== null ||
      linkFrequencyError(search),
  }
}

/** The address of the one-fund lab's state: the inputs, then what else it shows. */
function fundQuery(fund: FundState): string {
  let query = withFrequency(serializeFundQuery(fund.inputs), fund.freq)
  if (fund.actuals) query += `&actuals=${actualsToParam(fund.actuals)}`
  return withBands(withStress(withScenario(query, fund.scenario), fund.shifts.stress), fund.bands)
}

/** The query a rendered lab showed first (data-lab-query), or '' (none, or not rendered). */
export function renderedLabQuery(root: ParentNode): string {
  return root.querySelector('[data-lab-query]')?.getAttribute('data-lab-query') ?? ''
}

/** query: what the first render shows, normalised (normalizeQuery); '' for the defaults. */
export function PacingLab({ query = '' }: { query?: string }) {
  const [first] = useState(() => labStateFromQuery(query))
  const [mode, setMode] = useState<Mode>(first.mode)
  const [fund, setFundState] = useState<FundState>(first.fund)
  const [portfolio, setPortfolioState] = useState<PortfolioState | null>(first.portfolio)
  // The address is written only after a visitor changes something; a bare /pacing stays bare.
  const [dirty, setDirty] = useState(false)
  const [linkProblems, setLinkProblems] = useState(first.linkProblems)
  const [planFailed, setPlanFailed] = useState(false)

  // A link the first render did not show (the static page, or the dev server): read it now.
  useEffect(() => {
    const search = window.location.search
    if (!search || normalizeQuery(search) === query) return
    const show = () => {
      const linked = labStateFromQuery(search)
      setMode(linked.mode)
      setFundState(linked.fund)
      setPortfolioState(linked.portfolio)
      setLinkProblems(linked.linkProblems)
    }
    // A one-fund link at once, before the parts' own effects (fit-panel.tsx) build on it.
    if (!opensPlan(search) || portfolioPart) show()
    else
      labReady(search).then(show, () => {
        setMode('portfolio')
        setPlanFailed(true)
      })
    // Once, for the address the page was opened at.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // The address follows after a pause in typing, not on every keystroke: rewriting it costs a
  // frame's worth of work on a slow phone.
  useEffect(() => {
    if (!dirty) return
    const timer = setTimeout(() => {
      if (mode === 'fund') replaceQuery(fundQuery(fund))
      else if (portfolio) replaceQuery(planPart().planQuery(portfolio))
    }, ADDRESS_DELAY_MS)
    return () => clearTimeout(timer)
  }, [dirty, mode, fund, portfolio])

  const setFund = useCallback<Dispatch<SetStateAction<FundState>>>((next) => {
    setDirty(true)
    setFundState(next)
  }, [])
  const setPortfolio = useCallback<Dispatch<SetStateAction<PortfolioState>>>((next) => {
    setDirty(true)
    setPortfolioState((current) =>
      typeof next !== 'function' ? next : current ? next(current) : current,
    )
  }, [])
  const showPlan = () => {
    if (portfolio) return
    setPlanFailed(false)
    loadPortfolioPart().then(
      (part) => setPortfolioState((current) => current ?? part.initialPortfolioState()),
      () => setPlanFailed(true),
    )
  }
  const PortfolioLab = portfolio ? portfolioPart?.PortfolioLab : undefined

  return (
    <div data-lab-query={query}>
      <ModeTabs<Mode>
        label={PACING_COPY.modesLabel}
        items={MODES}
        value={mode}
        onChange={(value) => {
          setDirty(true)
          setMode(value)
          if (value === 'portfolio') showPlan()
        }}
        className="flex gap-1 rounded-lg bg-ink-100 p-1 sm:inline-flex"
        tabClassName={tabClasses}
      />
      {linkProblems ? (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {PACING_COPY.linkProblems}
        </p>
      ) : null}
      <TabPanel value="fund" selected={mode === 'fund'}>
        <FundLab state={fund} onChange={setFund} />
      </TabPanel>
      <TabPanel value="portfolio" selected={mode === 'portfolio'}>
        {PortfolioLab && portfolio ? (
          <PortfolioLab state={portfolio} onChange={setPortfolio} />
        ) : (
          <p role="status" className="text-sm text-ink-600">
            {planFailed ? PACING_COPY.planFailed : PACING_COPY.loadingPlan}
          </p>
        )}
      </TabPanel>
    </div>
  )
}
