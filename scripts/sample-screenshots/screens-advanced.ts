/**
 * The twelve Advanced model screens (the default advanced set, docs/product.md, "Routes and screens"), one module each in
 * advanced/; their shared frame and metrics in advanced/frame.ts, drawing helpers in common.ts,
 * charts.ts and svg.ts.
 */
import type { Screen } from './excel.ts'
import type { Programme } from './projection.ts'
import { commitmentsScreen } from './advanced/actual-commitments-inputs.ts'
import { cashFlowScreen } from './advanced/cash-flow-dashboard.ts'
import { exposureScreen } from './advanced/exposure-dashboard.ts'
import { fundTabScreen } from './advanced/fund-tab.ts'
import { kpisScreen } from './advanced/kpis-dashboard.ts'
import { pacingScreen } from './advanced/pacing-inputs.ts'
import { plannedDashboardScreen } from './advanced/planned-commitments-dashboard.ts'
import { plannedInputsScreen } from './advanced/planned-commitments-inputs.ts'
import { planned1Screen } from './advanced/planned-model-1.ts'
import { planned2Screen } from './advanced/planned-model-2.ts'
import { publicMarketScreen } from './advanced/public-market-inputs.ts'
import { targetsScreen } from './advanced/targets-inputs.ts'

export function advancedScreens(p: Programme): Record<string, Screen> {
  return {
    'Fund_Tab.png': fundTabScreen(p),
    'Exposure_Dashboard.png': exposureScreen(p),
    'KPIs_Dashboard.png': kpisScreen(p),
    'Cash_Flow_Dashboard.png': cashFlowScreen(p),
    'Actual_Commitments_Inputs.png': commitmentsScreen(p),
    'Pacing_Inputs.png': pacingScreen(p),
    'Planned_Commitments_Dashboard.png': plannedDashboardScreen(p),
    'Planned_Commitments_Inputs.png': plannedInputsScreen(p),
    'Targets_Inputs.png': targetsScreen(p),
    'Public_Market_Inputs.png': publicMarketScreen(p),
    'Planned_Model_1.png': planned1Screen(p),
    'Planned_Model_2.png': planned2Screen(p),
  }
}
