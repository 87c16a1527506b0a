/**
 * The six Basic model screens (the default basic set, docs/product.md, "Routes and screens"): plain Excel tabs with gridlines,
 * one module each in basic/; their frame in basic/frame.ts, drawing helpers in common.ts,
 * charts.ts and svg.ts.
 */
import type { Screen } from './excel.ts'
import type { Programme } from './projection.ts'
import { fundTab } from './basic/fund-tab.ts'
import { actualsScreen } from './basic/actuals.ts'
import { assumptionsScreen } from './basic/assumptions-inputs.ts'
import { coverScreen } from './basic/cover.ts'
import { projectedScreen } from './basic/projected.ts'

export function basicScreens(p: Programme): Record<string, Screen> {
  return {
    'Fund_Tab_Collapsed.png': fundTab(p, false),
    'Fund_Tab_Expanded.png': fundTab(p, true),
    'Assumptions_Inputs.png': assumptionsScreen(p),
    'Actuals.png': actualsScreen(p),
    'Projected.png': projectedScreen(p),
    'Cover.png': coverScreen(p),
  }
}
