/**
 * The interactive Pacing Lab: one fund or a portfolio plan, switched by tabs. It pre-renders with
 * the defaults (readable without JavaScript); once hydrated it reads the link's query, and from
 * the first change on the address bar follows the inputs (history.replaceState), so copying it
 * shares the result (DESIGN.md §13).
 */
import { Tabs } from 'radix-ui'
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react'
import {
  parseMode,
  serializeFundQuery,
  serializePortfolioQuery,
  type Mode,
} from '#src/common/pacing/query.ts'
import { PACING_COPY } from '../../content/pacing.ts'
import { FundLab } from './fund-lab.tsx'
import { fundStateFromQuery, initialFundState, type FundState } from './fund-state.ts'
import { PortfolioLab } from './portfolio-lab.tsx'
import {
  initialPortfolioState,
  portfolioStateFromQuery,
  type PortfolioState,
} from './portfolio-state.ts'

function replaceQuery(query: string) {
  const url = `${window.location.pathname}?${query}`
  if (url !== `${window.location.pathname}${window.location.search}`)
    history.replaceState(history.state, '', url)
}

const tabClasses =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-md px-4 text-sm font-semibold text-ink-700 transition-colors hover:text-brand-900 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm sm:flex-none'

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

  useEffect(() => {
    if (!dirty) return
    replaceQuery(
      mode === 'portfolio'
        ? serializePortfolioQuery(portfolio.plan)
        : serializeFundQuery(fund.inputs),
    )
  }, [dirty, mode, fund.inputs, portfolio.plan])

  const setFund = useCallback<Dispatch<SetStateAction<FundState>>>((next) => {
    setDirty(true)
    setFundState(next)
  }, [])
  const setPortfolio = useCallback<Dispatch<SetStateAction<PortfolioState>>>((next) => {
    setDirty(true)
    setPortfolioState(next)
  }, [])

  return (
    <Tabs.Root
      value={mode}
      onValueChange={(value) => {
        setDirty(true)
        setMode(value === 'portfolio' ? 'portfolio' : 'fund')
      }}
    >
      <Tabs.List
        aria-label={PACING_COPY.modesLabel}
        className="flex gap-1 rounded-lg bg-ink-100 p-1 sm:inline-flex"
      >
        <Tabs.Trigger value="fund" className={tabClasses}>
          {PACING_COPY.modes.fund}
        </Tabs.Trigger>
        <Tabs.Trigger value="portfolio" className={tabClasses}>
          {PACING_COPY.modes.portfolio}
        </Tabs.Trigger>
      </Tabs.List>
      {linkProblems ? (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {PACING_COPY.linkProblems}
        </p>
      ) : null}
      <Tabs.Content value="fund" className="mt-6">
        <FundLab state={fund} onChange={setFund} />
      </Tabs.Content>
      <Tabs.Content value="portfolio" className="mt-6">
        <PortfolioLab state={portfolio} onChange={setPortfolio} />
      </Tabs.Content>
    </Tabs.Root>
  )
}
