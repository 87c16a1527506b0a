/** Basic model: the Cover screen (Cover.png). */
import { CONTENT_RIGHT, CONTENT_X } from '../common.ts'
import { GRID_Y, type Screen } from '../excel.ts'
import { type Programme } from '../projection.ts'
import { C, line, rect, text } from '../svg.ts'
import { base } from './frame.ts'

export function coverScreen(p: Programme): Screen {
  return base(
    'Cover',
    (sheet) => {
      const x = CONTENT_X
      sheet.push(rect(x, GRID_Y, CONTENT_RIGHT - x + 14, 766, C.white))
      sheet.push(rect(x, GRID_Y, 520, 766, C.navy))
      sheet.push(
        rect(x + 48, GRID_Y + 70, 56, 56, '#173a66', { rx: 12 }),
        rect(x + 60, GRID_Y + 100, 8, 16, '#7fcdb8', { rx: 2 }),
        rect(x + 72, GRID_Y + 90, 8, 26, '#4fb89c', { rx: 2 }),
        rect(x + 84, GRID_Y + 80, 8, 36, '#ffffff', { rx: 2 }),
      )
      sheet.push(
        text(x + 48, GRID_Y + 180, 'PacePoint', { size: 20, fill: '#7fcdb8', weight: 'bold' }),
      )
      sheet.push(
        text(x + 48, GRID_Y + 228, 'Basic Pacing Model', {
          size: 34,
          fill: C.white,
          weight: 'bold',
        }),
      )
      sheet.push(
        text(x + 48, GRID_Y + 262, 'Commitment monitoring for private-markets', {
          size: 15,
          fill: '#b3c8e6',
        }),
      )
      sheet.push(
        text(x + 48, GRID_Y + 284, 'programmes, built on the Takahashi-Alexander method.', {
          size: 15,
          fill: '#b3c8e6',
        }),
      )
      const facts: [string, string][] = [
        ['Version', `2.4 (build ${p.asOf.build})`],
        ['As-of date', p.asOf.label],
        ['Time span', '20 years'],
        ['Actuals', 'up to 5 years per fund'],
        ['Licensed to', 'Example Family Office'],
        ['Requires', 'Windows, Excel 365'],
      ]
      facts.forEach(([k, v], i) => {
        sheet.push(
          text(x + 48, GRID_Y + 360 + i * 34, k.toUpperCase(), {
            size: 10.5,
            fill: '#7b9fd0',
            weight: 'bold',
            spacing: 0.8,
          }),
        )
        sheet.push(text(x + 200, GRID_Y + 360 + i * 34, v, { size: 14, fill: C.white }))
        sheet.push(line(x + 48, GRID_Y + 370 + i * 34, x + 470, GRID_Y + 370 + i * 34, '#173a66'))
      })
      const rx = x + 580
      sheet.push(text(rx, GRID_Y + 80, 'Contents', { size: 22, weight: 'bold', fill: C.navy }))
      const contents: [string, string][] = [
        ['Assumptions', 'Pacing parameters by strategy and general settings'],
        ['Actuals', 'Reported calls, distributions and NAV per fund'],
        ['Projected', 'Portfolio projection: cash flows, NAV, exposure'],
        ['Fund 01 - Fund 10', 'One tab per commitment, annual or quarterly'],
      ]
      contents.forEach(([k, v], i) => {
        const y = GRID_Y + 122 + i * 46
        sheet.push(
          text(rx, y, k, { size: 15, fill: C.blue, weight: 'bold' }),
          line(rx, y + 3, rx + k.length * 8.4, y + 3, C.blue),
        )
        sheet.push(text(rx + 190, y, v, { size: 14, fill: C.ink2 }))
        sheet.push(line(rx, y + 18, CONTENT_RIGHT - 40, y + 18, C.grid))
      })
      sheet.push(
        text(rx, GRID_Y + 344, 'How to use this model', { size: 22, weight: 'bold', fill: C.navy }),
      )
      const steps = [
        'Enter the general settings and your strategy assumptions on the Assumptions tab.',
        'Add each commitment on its own Fund tab: strategy, vintage, commitment size.',
        'Each quarter, paste the capital account statements into the fund tabs.',
        'Review the Projected tab: calls, distributions and NAV for the next 20 years.',
        'Blue cells are inputs; black cells are formulas and should not be overwritten.',
      ]
      steps.forEach((s, i) => {
        const y = GRID_Y + 388 + i * 40
        sheet.push(
          rect(rx, y - 17, 24, 24, C.mint, { rx: 12 }),
          text(rx + 12, y, i + 1, { size: 13, weight: 'bold', fill: C.teal, anchor: 'middle' }),
        )
        sheet.push(text(rx + 38, y, s, { size: 14, fill: C.ink }))
      })
      sheet.push(
        rect(rx, GRID_Y + 610, CONTENT_RIGHT - 40 - rx, 92, '#f5f7fa', { rx: 6, stroke: C.grid }),
      )
      sheet.push(text(rx + 20, GRID_Y + 640, 'Support', { size: 14, weight: 'bold', fill: C.navy }))
      sheet.push(
        text(
          rx + 20,
          GRID_Y + 664,
          'Setup guide and documentation: see the links in your download e-mail. Questions: e-mail support,',
          { size: 13, fill: C.ink2 },
        ),
      )
      sheet.push(
        text(
          rx + 20,
          GRID_Y + 684,
          'answered within one business day. License for one machine, non-transferable.',
          { size: 13, fill: C.ink2 },
        ),
      )
    },
    {
      nameBox: 'B2',
      formula: '',
      gridlines: false,
      widths: [
        64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
        64,
      ],
    },
  )
}
