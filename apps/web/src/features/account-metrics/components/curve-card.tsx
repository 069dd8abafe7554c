import { lazy, Suspense, useId } from 'react'
import type { AccountMetricsDto } from '@tp/api/analytics'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { instant, money } from '../utils/format'
import type { CurvePoint, EquityCurveChartProps } from './equity-curve-chart'

const EquityCurveChart = lazy(() => import('./equity-curve-chart'))

export function ChartFallback({ height }: { height: number }) {
  return (
    <div role="status" style={{ height }}>
      <span className="sr-only">Loading the chart</span>
      <Skeleton className="h-full w-full" />
    </div>
  )
}

/**
 * The chart, loaded on first use. Its figures are in words in the card's summary; the drawing is
 * not hidden from assistive technology because its zoom handles are keyboard controls.
 */
export function LazyCurve(props: EquityCurveChartProps & { height: number }) {
  return (
    <div className="min-w-0">
      <Suspense fallback={<ChartFallback height={props.height} />}>
        <EquityCurveChart {...props} />
      </Suspense>
    </div>
  )
}

function lowest(points: readonly CurvePoint[]): CurvePoint | null {
  let low: CurvePoint | null = null
  for (const point of points) if (!low || point.equity < low.equity) low = point
  return low
}

/** Issue 12 item 4: the curve with the floors as they moved, the breach or pass marked. */
export function CurveCard({ curve }: { curve: AccountMetricsDto['curve'] }) {
  const titleId = useId()
  const summaryId = useId()
  const last = curve.points.at(-1)
  const low = lowest(curve.points)
  const mark = curve.breach
    ? `Breached the ${curve.breach.rule === 'dailyLoss' ? 'daily-loss' : 'max-loss'} floor (${money(curve.breach.floor)}) at ${instant(curve.breach.t)} with equity ${money(curve.breach.equity)}.`
    : curve.passedAtMs !== null
      ? `Passed at ${instant(curve.passedAtMs)}.`
      : 'No floor breached.'
  return (
    <Card
      role="figure"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      className="grid min-w-0 gap-3 p-4"
      data-testid="equity-curve"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        Equity and balance with the loss floors
      </h2>
      <p id={summaryId} className="text-sm text-muted-foreground">
        {last
          ? `Equity ${money(last.equity)}, balance ${money(last.balance)}; daily-loss floor ${last.dailyFloor === null ? 'none' : money(last.dailyFloor)}, max-loss floor ${last.maxFloor === null ? 'none' : money(last.maxFloor)}. Lowest equity ${money(low!.equity)} at ${instant(low!.tMs)}. ${mark}`
          : 'No history yet.'}
      </p>
      {curve.points.length > 0 && (
        <LazyCurve
          points={curve.points}
          breachMs={curve.breach?.tMs ?? null}
          passedAtMs={curve.passedAtMs}
          height={340}
        />
      )}
      {curve.snapshotCount > curve.points.length && (
        <p className="text-xs text-muted-foreground">
          {curve.points.length.toLocaleString('en-US')} of{' '}
          {curve.snapshotCount.toLocaleString('en-US')} snapshots drawn (each stretch keeps its
          lowest equity). Drag the handles below the chart to zoom.
        </p>
      )}
    </Card>
  )
}
