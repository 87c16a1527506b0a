/**
 * Uncertainty: volatility, paths and seed, the P10 / P50 / P90 bands of NAV and cumulative net
 * cash flow (computed in a worker), and "Download bands CSV".
 */
import { Download } from 'lucide-react'
import { memo, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react'
import type { FundInputs } from '#src/common/pacing/engine.ts'
import { bandsToCsv, type BandSettings, type Bands } from '#src/common/pacing/montecarlo.ts'
import { BAND_FIELDS } from '#src/common/pacing/query.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { PACING_COPY } from '../../content/pacing.ts'
import { Chart, type ChartSeries } from './chart.tsx'
import { saveCsv } from './downloads.ts'
import { TextField } from './field.tsx'
import { formatCompact } from './format.ts'
import { editBandField, type FundState } from './fund-state.ts'

const B = PACING_COPY.bands

/** Runs the bands in one long-lived worker; only the answer to the latest request is kept. */
function useBands(inputs: FundInputs, settings: BandSettings): Bands | null {
  const [bands, setBands] = useState<Bands | null>(null)
  const worker = useRef<Worker | null>(null)
  const latest = useRef(0)
  useEffect(() => {
    if (settings.vol === 0) return
    if (!worker.current) {
      worker.current = new Worker(new URL('./bands.worker.ts', import.meta.url), {
        type: 'module',
      })
      worker.current.onmessage = (event: MessageEvent<{ id: number; bands: Bands | null }>) => {
        if (event.data.id === latest.current) setBands(event.data.bands)
      }
    }
    latest.current += 1
    worker.current.postMessage({ id: latest.current, inputs, settings })
  }, [inputs, settings])
  useEffect(() => () => worker.current?.terminate(), [])
  return settings.vol === 0 ? null : bands
}

interface Props {
  state: FundState
  onChange: Dispatch<SetStateAction<FundState>>
  /** The inputs of the scenario shown. */
  inputs: FundInputs
}

function BandsPanelImpl({ state, onChange, inputs }: Props) {
  const bands = useBands(inputs, state.bands)
  const series = (b: Bands): ChartSeries[] => [
    {
      id: 'nav-p90',
      label: B.series.navP90,
      kind: 'line',
      values: b.nav.p90,
      color: 'var(--color-brand-300)',
      dashed: true,
    },
    {
      id: 'nav-p50',
      label: B.series.navP50,
      kind: 'line',
      values: b.nav.p50,
      color: 'var(--color-brand-500)',
    },
    {
      id: 'nav-p10',
      label: B.series.navP10,
      kind: 'line',
      values: b.nav.p10,
      color: 'var(--color-brand-300)',
      dashed: true,
    },
    {
      id: 'cum-p90',
      label: B.series.cumP90,
      kind: 'line',
      values: b.cumulative.p90,
      color: 'var(--color-accent-400)',
      dashed: true,
    },
    {
      id: 'cum-p50',
      label: B.series.cumP50,
      kind: 'line',
      values: b.cumulative.p50,
      color: 'var(--color-accent-700)',
      strong: true,
    },
    {
      id: 'cum-p10',
      label: B.series.cumP10,
      kind: 'line',
      values: b.cumulative.p10,
      color: 'var(--color-accent-400)',
      dashed: true,
    },
  ]
  return (
    <section aria-labelledby="bands-heading" data-print="bands" className="space-y-4">
      <div>
        <h2 id="bands-heading" className="text-base font-semibold text-brand-900">
          {B.heading}
        </h2>
        <p className="mt-1 text-sm text-ink-600">{B.intro}</p>
      </div>
      <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-3" data-print-hide="">
        {BAND_FIELDS.map((field) => (
          <TextField
            key={field}
            id={`fund-${field}`}
            label={B.fields[field].label}
            hint={B.fields[field].hint}
            value={state.bandTexts[field]}
            error={state.bandErrors[field]}
            onChange={(text) => onChange((current) => editBandField(current, field, text))}
          />
        ))}
      </div>
      {state.bands.vol === 0 ? (
        <p className="text-sm text-ink-600">{B.none}</p>
      ) : bands ? (
        <>
          <Chart
            id="bands-chart"
            title={B.chart}
            summary={B.summary}
            labels={bands.years}
            series={series(bands)}
            formatTick={formatCompact}
          />
          <p className="text-sm text-ink-600" data-bands-note="">
            {B.note(state.bands.paths, state.bands.seed)}
          </p>
          <button
            type="button"
            onClick={() => saveCsv(bandsToCsv(bands), PACING_COPY.files.bandsCsv)}
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

export const BandsPanel = memo(BandsPanelImpl)
