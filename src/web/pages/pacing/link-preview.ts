/**
 * A shared /pacing link's title and description for its preview (the server's render of the
 * link, pacing-render.tsx): what the page shows for that query, from the same state and engine,
 * in a line and a sentence. The server escapes both into the page's head.
 */
import { projectFund } from '#src/common/pacing/engine.ts'
import { computeMetrics } from '#src/common/pacing/metrics.ts'
import { planPortfolio } from '#src/common/pacing/portfolio.ts'
import { PRESETS } from '#src/common/pacing/presets.ts'
import { parseMode } from '#src/common/pacing/query.ts'
import { applyScenario } from '#src/common/pacing/scenarios.ts'
import { PACING_COPY } from '../../content/pacing.ts'
import { PORTFOLIO_COPY } from '../../content/pacing-plan.ts'
import { LINK_PREVIEW_COPY } from '../../content/pacing-preview.ts'
import { formatCompact, formatMultiple, formatPercent } from '../../features/pacing/format.ts'
import { fundStateFromQuery } from '../../features/pacing/fund-state.ts'
import { portfolioStateFromQuery } from '../../features/pacing/portfolio-state.ts'

interface LinkPreview {
  title: string
  description: string
}

const F = LINK_PREVIEW_COPY.fund
const P = LINK_PREVIEW_COPY.plan

function withProblems(description: string, problems: boolean): string {
  return problems ? `${description} ${LINK_PREVIEW_COPY.linkProblems}` : description
}

/** The one-fund lab's figures for the link, as fund-lab.tsx computes them. */
function fundPreview(search: string): LinkPreview {
  const state = fundStateFromQuery(search)
  if (state.linkBlocked) return { ...LINK_PREVIEW_COPY.invalid }
  const projection = projectFund(applyScenario(state.inputs, state.shifts[state.scenario]))
  const inputs = projection.inputs
  const m = computeMetrics(projection.rows, inputs.nav)
  const subject = F.subject(
    state.preset ? PRESETS[state.preset].label : null,
    inputs.age,
    state.scenario === 'base' ? null : PACING_COPY.scenarios.names[state.scenario],
  )
  const rates = typeof inputs.growth === 'number' ? [inputs.growth] : inputs.growth
  const first = formatPercent(rates[0] ?? 0)
  const growth = rates.every((g) => g === rates[0]) ? first : F.growthList(first)
  const trough = m.deepestCumulativeNetCashFlow
  const figures = [
    ...(trough ? [F.trough(formatCompact(trough.value), trough.year)] : []),
    m.breakEvenYear === null ? F.noBreakEven : F.breakEven(m.breakEvenYear),
    ...(m.irr === null ? [] : [F.irr(formatPercent(m.irr))]),
  ]
  return {
    title: F.title(
      formatCompact(inputs.commitment),
      subject,
      formatCompact(m.peakNav.value),
      m.peakNav.year,
      m.tvpi === null ? '' : formatMultiple(m.tvpi),
    ),
    description: withProblems(
      F.description(inputs.life, inputs.bow, growth, figures),
      Object.keys(state.errors).length > 0,
    ),
  }
}

/** The plan's figures for the link, as portfolio-lab.tsx computes them. */
function planPreview(search: string): LinkPreview {
  const state = portfolioStateFromQuery(search)
  if (state.linkBlocked) return { ...LINK_PREVIEW_COPY.invalid }
  const plan = state.plan
  const result = planPortfolio(plan)
  const rows = result.rows
  const last = rows[rows.length - 1]
  const lastYear = last?.year ?? plan.startYear
  const outcome =
    result.status === 'refused'
      ? P.refused
      : result.status === 'exceeded'
        ? P.exceeded
        : P.committing(
            formatCompact(result.yearlyCommitment),
            plan.startYear,
            result.firstYearAtTarget,
            lastYear,
          )
  const detail = result.refusal
    ? PORTFOLIO_COPY.refused(
        result.refusal.reason,
        result.refusal.year,
        result.refusal.highestTarget,
      )
    : result.status === 'exceeded'
      ? PORTFOLIO_COPY.exceededToday(result.shareToday, plan.targetShare)
      : P.figures(
          result.firstYearAtTarget,
          formatPercent(last?.navShare ?? 0),
          lastYear,
          formatCompact(rows.reduce((most, r) => Math.max(most, r.unfunded), 0)),
        )
  return {
    title: P.title(formatCompact(plan.totalValue), formatPercent(plan.targetShare), outcome),
    description: withProblems(
      P.description(plan.existingFunds.length, plan.startYear, lastYear, detail),
      Object.keys(state.errors).length > 0 || Object.keys(state.rowErrors).length > 0,
    ),
  }
}

/** The preview of the link with this query (normalised or not). */
export function linkPreview(search: string): LinkPreview {
  return parseMode(search).mode === 'portfolio' ? planPreview(search) : fundPreview(search)
}
