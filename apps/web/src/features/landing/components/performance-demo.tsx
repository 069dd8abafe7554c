import { formatMoney, usd } from '@tp/domain/money'
import { company } from '@/config/company'
import { usePerformanceDemo } from '../hooks/use-performance-demo'
import {
  DEMO_ACCOUNT_CENTS,
  DEMO_INTERVAL_MS,
  DEMO_WINDOW,
  type DemoPoint,
} from '../utils/simulated-performance'

const width = 640
const height = 240
const pad = { top: 16, right: 12, bottom: 28, left: 12 }

function scale(points: readonly DemoPoint[]) {
  const values = points.map((point) => point.profitCents)
  const low = Math.min(0, ...values)
  const high = Math.max(0, ...values)
  const span = high - low || 1
  const x = (i: number) =>
    pad.left + (i * (width - pad.left - pad.right)) / Math.max(1, points.length - 1)
  const y = (cents: number) => pad.top + ((high - cents) * (height - pad.top - pad.bottom)) / span
  return { x, y, low, high }
}

const money = (cents: number) => formatMoney(usd(cents), { showCents: false })
const signed = (cents: number) => `${cents > 0 ? '+' : ''}${money(cents)}`

/**
 * The live-performance demo (spec 2.3): a hand-drawn SVG line of a simulated account's profit,
 * a new point every 5 seconds, the last 24 shown; labelled as a simulation wherever it is read.
 */
export function PerformanceDemo() {
  const points = usePerformanceDemo()
  const { x, y } = scale(points)
  const line = points.map((point, i) => `${x(i).toFixed(1)},${y(point.profitCents).toFixed(1)}`)
  const area = `${x(0).toFixed(1)},${y(0).toFixed(1)} ${line.join(' ')} ${x(points.length - 1).toFixed(1)},${y(0).toFixed(1)}`
  const last = points[points.length - 1]!
  const first = points[0]!
  const change = last.profitCents - first.profitCents
  const seconds = DEMO_INTERVAL_MS / 1000
  return (
    <figure className="mx-auto grid max-w-4xl gap-4 rounded-xl border border-border bg-surface p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs text-muted-foreground">
            Simulated profit, {money(DEMO_ACCOUNT_CENTS)} demo account
          </p>
          <p className="text-3xl font-bold tabular-nums" aria-live="off">
            {signed(last.profitCents)}
          </p>
          <p className={change >= 0 ? 'text-sm text-profit' : 'text-sm text-loss'}>
            {signed(change)} over the last {points.length} points
          </p>
        </div>
        <span className="rounded-full border border-warning/40 bg-warning/10 px-3 py-1 text-xs font-semibold text-warning uppercase">
          Simulation
        </span>
      </div>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Simulated profit over the last ${points.length} points, now ${signed(last.profitCents)}`}
        className="h-auto w-full"
        data-testid="performance-demo-chart"
      >
        <defs>
          <linearGradient id="landing-demo-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="var(--color-primary)" stopOpacity="0.35" />
            <stop offset="100%" stopColor="var(--color-primary)" stopOpacity="0" />
          </linearGradient>
        </defs>
        <line
          x1={pad.left}
          x2={width - pad.right}
          y1={y(0)}
          y2={y(0)}
          stroke="var(--color-border)"
          strokeDasharray="4 4"
        />
        <polygon points={area} fill="url(#landing-demo-fill)" />
        <polyline
          points={line.join(' ')}
          fill="none"
          stroke="var(--color-primary)"
          strokeWidth="2.5"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        {points.map((point, i) => (
          <circle
            key={point.index}
            data-point={point.index}
            data-profit-cents={point.profitCents}
            cx={x(i)}
            cy={y(point.profitCents)}
            r={i === points.length - 1 ? 4.5 : 2}
            fill="var(--color-primary)"
          />
        ))}
        <text x={pad.left} y={height - 8} fill="var(--color-muted-foreground)" fontSize="12">
          {(DEMO_WINDOW - 1) * seconds} s ago
        </text>
        <text
          x={width - pad.right}
          y={height - 8}
          fill="var(--color-muted-foreground)"
          fontSize="12"
          textAnchor="end"
        >
          now
        </text>
      </svg>
      <figcaption className="text-xs text-muted-foreground">
        Simulated data for illustration, not a real trader&apos;s results: a new point every{' '}
        {seconds} seconds, the last {DEMO_WINDOW} points shown. All {company.name} accounts are
        simulated.
      </figcaption>
    </figure>
  )
}

export default PerformanceDemo
