/**
 * The interactive Pacing Lab: one fund or a portfolio plan, switched by tabs. It pre-renders with
 * the defaults (readable without JavaScript); once hydrated it reads the link's query, and from
 * the first change on the address bar follows the inputs (history.replaceState, after a pause in
 * typing), so copying it shares the result (docs/product.md, "Pacing Lab").
 */
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react'
import {
  parseMode,
  serializeFundQuery,
  serializePortfolioQuery,
  withBands,
  withScenario,
  type Mode,
} from '#src/common/pacing/query.ts'
import { PACING_COPY } from '../../content/pacing.ts'
import { FundLab } from './fund-lab.tsx'
import { fundStateFromQuery, initialFundState, type FundState } from './fund-state.ts'
import { ModeTabs, TabPanel } from './mode-tabs.tsx'
import { PortfolioLab } from './portfolio-lab.tsx'
import {
  initialPortfolioState,
  portfolioStateFromQuery,
  type PortfolioState,
} from './portfolio-state.ts'

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

export function PacingLab() {
  const [mode, setMode] = useState<Mode>('fund')
  const [fund, setFundState] = useState<FundState>(initialFundState)
  const [portfolio, setPortfolioState] = useState<PortfolioState>(initialPortfolioState)
  // The address is written only after a visitor changes something; a bare /pacing stays bare.
  const [dirty, setDirty] = useState(false)
  const [linkProblems, setLinkProblems] = useState(false)

  useEffect(() => {
    const search = window.location.search
    if (!search) return
    const { mode: linked } = parseMode(search)
    if (linked === 'portfolio') {
      const state = portfolioStateFromQuery(search)
      setPortfolioState(state)
      setMode('portfolio')
      setLinkProblems(
        Object.keys(state.errors).length > 0 || Object.keys(state.rowErrors).length > 0,
      )
    } else {
      const state = fundStateFromQuery(search)
      setFundState(state)
      setLinkProblems(Object.keys(state.errors).length > 0)
    }
  }, [])

  // The address follows after a pause in typing, not on every keystroke: rewriting it costs a
  // frame's worth of work on a slow phone.
  useEffect(() => {
    if (!dirty) return
    const timer = setTimeout(() => {
      replaceQuery(
        mode === 'portfolio'
          ? serializePortfolioQuery(portfolio.plan)
          : withBands(withScenario(serializeFundQuery(fund.inputs), fund.scenario), fund.bands),
      )
    }, ADDRESS_DELAY_MS)
    return () => clearTimeout(timer)
  }, [dirty, mode, fund.inputs, fund.scenario, fund.bands, portfolio.plan])

  const setFund = useCallback<Dispatch<SetStateAction<FundState>>>((next) => {
    setDirty(true)
    setFundState(next)
  }, [])
  const setPortfolio = useCallback<Dispatch<SetStateAction<PortfolioState>>>((next) => {
    setDirty(true)
    setPortfolioState(next)
  }, [])

  return (
    <div>
      <ModeTabs<Mode>
        label={PACING_COPY.modesLabel}
        items={MODES}
        value={mode}
        onChange={(value) => {
          setDirty(true)
          setMode(value)
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
        <PortfolioLab state={portfolio} onChange={setPortfolio} />
      </TabPanel>
    </div>
  )
}
