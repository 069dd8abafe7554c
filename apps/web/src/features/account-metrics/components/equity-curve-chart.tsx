import {
  Brush,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import type { AccountMetricsDto } from '@tp/api/analytics'
import { dollarTick, money, shortInstant } from '../utils/format'
import { chartPalette } from '../utils/palette'

// The balance and equity curve with the daily-loss and max-loss floors as they moved (step
// lines: a floor holds until the evaluator moves it), the breach and pass moments marked, and a
// brush to zoom. Recharts comes with this module alone (React.lazy in the view), so only the
// analytics pages load it. The drawing is hidden from assistive technology: the card's summary
// and table say the same.

export type CurvePoint = AccountMetricsDto['curve']['points'][number]

export type EquityCurveChartProps = {
  points: readonly CurvePoint[]
  breachMs?: number | null
  passedAtMs?: number | null
  /** the zoom brush (the full curve); off for a day's intraday curve */
  isZoomable?: boolean
  height?: number
}

export default function EquityCurveChart({
  points,
  breachMs = null,
  passedAtMs = null,
  isZoomable = true,
  height = 320,
}: EquityCurveChartProps) {
  const palette = chartPalette()
  const data = points.map((p) => ({ ...p }))
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
      <LineChart
        data={data}
        margin={{ top: 8, right: 12, bottom: 4, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={palette.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="tMs"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={shortInstant}
          stroke={palette.text}
          tick={{ fontSize: 12 }}
          minTickGap={32}
        />
        <YAxis
          stroke={palette.text}
          tick={{ fontSize: 12 }}
          tickFormatter={dollarTick}
          width={60}
          domain={['auto', 'auto']}
        />
        <Tooltip
          labelFormatter={(value) => shortInstant(Number(value))}
          formatter={(value) => money(Number(value))}
          contentStyle={{ background: palette.surface, border: 'none', borderRadius: 8 }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          name="Equity"
          dataKey="equity"
          stroke={palette.primary}
          dot={false}
          isAnimationActive={false}
          className="curve-equity"
        />
        <Line
          name="Balance"
          dataKey="balance"
          stroke={palette.profit}
          dot={false}
          type="stepAfter"
          isAnimationActive={false}
          className="curve-balance"
        />
        <Line
          name="Daily-loss floor"
          dataKey="dailyFloor"
          stroke={palette.warning}
          strokeDasharray="6 4"
          dot={false}
          type="stepAfter"
          isAnimationActive={false}
          className="curve-daily-floor"
        />
        <Line
          name="Max-loss floor"
          dataKey="maxFloor"
          stroke={palette.loss}
          strokeDasharray="6 4"
          dot={false}
          type="stepAfter"
          isAnimationActive={false}
          className="curve-max-floor"
        />
        {breachMs !== null && (
          <ReferenceLine
            x={breachMs}
            stroke={palette.loss}
            label={{ value: 'Breach', fill: palette.loss, fontSize: 12, position: 'insideTopLeft' }}
          />
        )}
        {passedAtMs !== null && (
          <ReferenceLine
            x={passedAtMs}
            stroke={palette.profit}
            label={{
              value: 'Passed',
              fill: palette.profit,
              fontSize: 12,
              position: 'insideTopLeft',
            }}
          />
        )}
        {isZoomable && data.length > 2 && (
          <Brush
            dataKey="tMs"
            height={24}
            stroke={palette.text}
            fill={palette.surface}
            tickFormatter={shortInstant}
          />
        )}
      </LineChart>
    </ResponsiveContainer>
  )
}
