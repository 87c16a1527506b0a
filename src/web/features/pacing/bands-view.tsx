/**
 * Uncertainty bands, as the one-fund lab and the portfolio plan both show them: volatility, paths
 * and seed, capital calls at risk and the P10 trough, the P10 / P50 / P90 chart of NAV and
 * cumulative net cash flow (computed in a worker, bands.worker.ts), and "Download bands CSV". The
 * plan adds its private share's chart as children. With no volatility the bands are the
 * deterministic path (docs/product.md), one path computed at once on the page, and still downloadable.
 */
import { Download } from 'lucide-react'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { SUGGESTED_VOL, bandsToCsv, type Bands } from '#src/common/pacing/montecarlo.ts'
import { BAND_FIELDS, type BandField } from '#src/common/pacing/query.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { BANDS_COPY } from '../../content/pacing-parts.ts'
import type { BandsRequest } from './bands.worker.ts'
import { Chart, type ChartSeries } from './chart.tsx'
import { saveCsv } from './downloads.ts'
import { TextField } from './field.tsx'
import { formatCompact, formatPercent } from './format.ts'
import { KeyFigures } from './key-figures.tsx'
import type { ScenarioState } from './scenario-state.ts'

const B = BANDS_COPY

/**
 * Runs the bands in one long-lived worker; only the answer to the latest request is kept. The
 * request must keep its identity while nothing in it changes (a memo), or it is sent again. With
 * no volatility every path is the same: `deterministic` computes the one path here, at once.
 */
export function useBands<R extends BandsRequest>(
  request: R,
  deterministic: (request: R) => Bands,
): Bands | null {
  const [bands, setBands] = useState<Bands | null>(null)
  const worker = useRef<Worker | null>(null)
  const latest = useRef(0)
  const off = request.settings.vol === 0
  useEffect(() => {
    if (off) return
    if (!worker.current) {
      worker.current = new Worker(new URL('./bands.worker.ts', import.meta.url), {
        type: 'module',
      })
      worker.current.onmessage = (event: MessageEvent<{ id: number; bands: Bands | null }>) => {
        if (event.data.id === latest.current) setBands(event.data.bands)
      }
    }
    latest.current += 1
    worker.current.postMessage({ ...request, id: latest.current })
  }, [request, off])
  useEffect(() => () => worker.current?.terminate(), [])
  const still = useMemo(
    () => (off ? deterministic({ ...request, settings: { ...request.settings, paths: 1 } }) : null),
    [off, request, deterministic],
  )
  return off ? still : bands
}

/** P10, P50 and P90 of `values` as three lines, the median solid. */
export function bandLines(
  id: string,
  labels: { p10: string; p50: string; p90: string },
  values: { p10: readonly number[]; p50: readonly number[]; p90: readonly number[] },
  colors: { outer: string; median: string },
  strong = false,
): ChartSeries[] {
  return [
    {
      id: `${id}-p90`,
      label: labels.p90,
      kind: 'line',
      values: values.p90,
      color: colors.outer,
      dashed: true,
    },
    {
      id: `${id}-p50`,
      label: labels.p50,
      kind: 'line',
      values: values.p50,
      color: colors.median,
      strong,
    },
    {
      id: `${id}-p10`,
      label: labels.p10,
      kind: 'line',
      values: values.p10,
      color: colors.outer,
      dashed: true,
    },
  ]
}

const series = (b: Bands): ChartSeries[] => [
  // The theme has no brand-300 (a line in it drew nothing): P10 and P90 are dashed brand-500.
  ...bandLines('nav', { p10: B.series.navP10, p50: B.series.navP50, p90: B.series.navP90 }, b.nav, {
    outer: 'var(--color-brand-500)',
    median: 'var(--color-brand-700)',
  }),
  ...bandLines(
    'cum',
    { p10: B.series.cumP10, p50: B.series.cumP50, p90: B.series.cumP90 },
    b.cumulative,
    { outer: 'var(--color-accent-400)', median: 'var(--color-accent-700)' },
    true,
  ),
]

interface Props {
  /** Prefixes the section's and chart's ids ('' for one fund, 'plan-' for the plan). */
  idPrefix: string
  /** Prefixes the fields' ids ('fund-' or 'plan-'). */
  fieldPrefix: string
  intro: string
  state: ScenarioState
  onEdit: (field: BandField, text: string) => void
  bands: Bands | null
  /** The main chart's title and summary. */
  chart: { title: string; summary: string }
  fileName: string
  /** More charts of the same bands (the plan's private share). */
  children?: ReactNode
  /** Sets the volatility field to the suggested one. */
  onSuggest: () => void
}

/** Capital calls at risk (P95 of the next 1, 2, 3 years' calls) and the P10 of the trough. */
function RiskFigures({ bands }: { bands: Bands }) {
  const [one, two, three] = bands.callsAtRisk
  const sums = [one, two, three].filter((v): v is number => v !== undefined)
  return (
    <KeyFigures
      figures={[
        {
          id: 'calls-at-risk',
          label: B.callsAtRisk,
          value: sums.map(formatCompact).join(' · '),
          note: B.callsAtRiskNote(sums.length),
        },
        {
          id: 'trough-p10',
          label: B.troughP10,
          value: bands.troughP10 < 0 ? formatCompact(bands.troughP10) : B.neverBelowZero,
          note: B.troughP10Note,
        },
      ]}
    />
  )
}

export function BandsView({
  idPrefix,
  fieldPrefix,
  intro,
  state,
  onEdit,
  bands,
  chart,
  fileName,
  children,
  onSuggest,
}: Props) {
  return (
    <section aria-labelledby={`${idPrefix}bands-heading`} data-print="bands" className="space-y-4">
      <div>
        <h2 id={`${idPrefix}bands-heading`} className="text-base font-semibold text-brand-900">
          {B.heading}
        </h2>
        <p className="mt-1 text-sm text-ink-600">{intro}</p>
      </div>
      <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-3" data-print-hide="">
        {BAND_FIELDS.map((field) => (
          <TextField
            key={field}
            id={`${fieldPrefix}${field}`}
            label={B.fields[field].label}
            hint={B.fields[field].hint}
            value={state.bandTexts[field]}
            error={state.bandErrors[field]}
            onChange={(text) => onEdit(field, text)}
          />
        ))}
      </div>
      <p
        className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-600"
        data-print-hide=""
      >
        <span>{B.suggestion}</span>
        {state.bands.vol !== SUGGESTED_VOL ? (
          <button
            type="button"
            onClick={onSuggest}
            className={buttonClasses('ghost', 'sm', 'px-2')}
          >
            {B.applySuggested(formatPercent(SUGGESTED_VOL))}
          </button>
        ) : null}
      </p>
      {bands ? (
        <>
          {state.bands.vol === 0 ? <p className="text-sm text-ink-600">{B.none}</p> : null}
          <RiskFigures bands={bands} />
          <Chart
            id={`${idPrefix}bands-chart`}
            title={chart.title}
            summary={chart.summary}
            labels={bands.years}
            series={series(bands)}
            formatTick={formatCompact}
          />
          {children}
          <p className="text-sm text-ink-600" data-bands-note="">
            {B.note(state.bands.vol, state.bands.paths, state.bands.seed)}
          </p>
          <button
            type="button"
            onClick={() => saveCsv(bandsToCsv(bands), fileName)}
            className={buttonClasses('secondary', 'sm')}
            data-print-hide=""
          >
            <Download aria-hidden="true" className="size-4" />
            {B.download}
          </button>
        </>
      ) : (
        <p className="text-sm text-ink-600" role="status">
          {B.computing}
        </p>
      )}
    </section>
  )
}
