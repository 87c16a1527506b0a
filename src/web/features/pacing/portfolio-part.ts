/**
 * The portfolio plan's code, loaded apart from the page's first JavaScript (pacing-lab.tsx): when
 * its tab is chosen, before hydration for a page rendered on the plan, and before any render on
 * the server (docs/architecture.md, "Budgets").
 */
export { PortfolioLab } from './portfolio-lab.tsx'
export { initialPortfolioState, planQuery, portfolioStateFromQuery } from './portfolio-state.ts'
