/** What every Basic model screen shares: the workbook's frame (file, tabs, column widths). */
import { BASIC_FILE, BASIC_TABS } from '../common.ts'
import type { Screen, Sheet } from '../excel.ts'

export const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** Column A is the outline margin, then labels, then numbers. */
const FUND_WIDTHS = [
  26, 150, 104, 104, 104, 104, 104, 104, 76, 76, 18, 100, 100, 100, 100, 100, 100, 100,
]

export function base(active: string, draw: (sheet: Sheet) => void, extra: Partial<Screen>): Screen {
  return {
    file: BASIC_FILE,
    tabs: BASIC_TABS,
    active,
    nameBox: 'A1',
    formula: '',
    gridlines: true,
    widths: FUND_WIDTHS,
    draw,
    ...extra,
  }
}
