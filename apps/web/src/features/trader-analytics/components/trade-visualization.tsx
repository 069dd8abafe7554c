import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import {
  analyticsPeriods,
  type AnalyticsPeriod,
  type MetaStatsVisualStatsResponse,
  type MetaStatsVisualTradesResponse,
} from '@tp/api/analytics'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { themeColor } from '@/lib/theme-color'
import { visualStatsQuery, visualTradesQuery } from '../api/get-analytics'
import { lots, money, percent, signedMoney } from '../utils/format'
import { ChartCard, type ChartTable } from './chart-card'
import { NoClosedTrades, SectionError } from './section-states'

// Trade Visualization (spec 2.12): the eight charts, drawn by Recharts. This module is loaded
// only when the tab opens (React.lazy in trader-analytics.tsx), so no other page carries Recharts.
// The drawings are hidden from assistive technology and out of the tab order (no accessibility
// layer): each chart's summary and table say the same.

type VisualStats = MetaStatsVisualStatsResponse['data']
type VisualTrades = MetaStatsVisualTradesResponse['data']

function usePalette() {
  return {
    profit: themeColor('--color-profit', '#2dd4bf'),
    loss: themeColor('--color-loss', '#f87171'),
    grid: themeColor('--color-border', '#26365a'),
    text: themeColor('--color-muted-foreground', '#9fb0cc'),
    surface: themeColor('--color-surface-2', '#17233d'),
  }
}
type Palette = ReturnType<typeof usePalette>

/** The size drawn before the box is measured (spec 2.12: 700 px wide at most). */
const chartSize = { width: 640, height: 256 }

const periodLabels: Record<AnalyticsPeriod, string> = { month: 'Month', week: 'Week', year: 'Year' }
const typeLabels = { long: 'Long', short: 'Short' } as const

/** Axis ticks in whole dollars, compact: "$1.2K". */
const dollarTick = (cents: number) =>
  `$${new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(cents / 100)}`
const tooltipMoney = (value: unknown) => money(Number(value))

function axes(palette: Palette, key: string) {
  return [
    <CartesianGrid key="grid" stroke={palette.grid} strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey={key} stroke={palette.text} tick={{ fontSize: 12 }} />,
    <YAxis
      key="y"
      stroke={palette.text}
      tick={{ fontSize: 12 }}
      tickFormatter={dollarTick}
      width={56}
    />,
    <Tooltip
      key="tooltip"
      formatter={tooltipMoney}
      contentStyle={{ background: palette.surface, border: 'none', borderRadius: 8 }}
    />,
  ]
}

type ProfitBar = { label: string; totalProfit: number }

/** Which bar made the most and which lost the most, in words. */
function profitSummary(bars: readonly ProfitBar[], noun: string): string {
  const traded = bars.filter((bar) => bar.totalProfit !== 0)
  if (traded.length === 0) return `No profit or loss by ${noun} in this period.`
  const best = traded.reduce((a, b) => (b.totalProfit > a.totalProfit ? b : a))
  const worst = traded.reduce((a, b) => (b.totalProfit < a.totalProfit ? b : a))
  const total = bars.reduce((sum, bar) => sum + bar.totalProfit, 0)
  return `Total ${signedMoney(total)}; best ${best.label} ${signedMoney(best.totalProfit)}, worst ${worst.label} ${signedMoney(worst.totalProfit)}.`
}

function profitTable(bars: readonly ProfitBar[], column: string): ChartTable {
  return {
    columns: [column, 'Total profit'],
    rows: bars.map((bar) => [bar.label, signedMoney(bar.totalProfit)]),
  }
}

function ProfitBarsChart({
  title,
  noun,
  column,
  bars,
  palette,
}: {
  title: string
  noun: string
  column: string
  bars: ProfitBar[]
  palette: Palette
}) {
  return (
    <ChartCard title={title} summary={profitSummary(bars, noun)} table={profitTable(bars, column)}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={chartSize}>
        <BarChart data={bars} accessibilityLayer={false}>
          {axes(palette, 'label')}
          <Bar dataKey="totalProfit" name="Total profit" radius={[4, 4, 0, 0]}>
            {bars.map((bar) => (
              <Cell key={bar.label} fill={bar.totalProfit >= 0 ? palette.profit : palette.loss} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  )
}

function ProfitabilityChart({
  wonLost,
  palette,
}: {
  wonLost: VisualStats['won_lost']
  palette: Palette
}) {
  const data = [
    { name: 'Won', value: wonLost.won, fill: palette.profit },
    { name: 'Lost', value: wonLost.lost, fill: palette.loss },
  ]
  return (
    <ChartCard
      title="Profitability"
      summary={`Win rate ${percent(wonLost.winRate)}: ${wonLost.won} won, ${wonLost.lost} lost.`}
      table={{
        columns: ['Result', 'Trades'],
        rows: [
          ['Won', String(wonLost.won)],
          ['Lost', String(wonLost.lost)],
          ['Win rate', percent(wonLost.winRate)],
        ],
      }}
    >
      <div className="relative h-full w-full">
        <ResponsiveContainer width="100%" height="100%" initialDimension={chartSize}>
          <PieChart accessibilityLayer={false}>
            <Pie
              data={data}
              dataKey="value"
              nameKey="name"
              startAngle={180}
              endAngle={0}
              cx="50%"
              cy="85%"
              innerRadius="95%"
              outerRadius="140%"
              stroke="none"
              rootTabIndex={-1}
            >
              {data.map((slice) => (
                <Cell key={slice.name} fill={slice.fill} />
              ))}
            </Pie>
            <Tooltip
              contentStyle={{ background: palette.surface, border: 'none', borderRadius: 8 }}
            />
          </PieChart>
        </ResponsiveContainer>
        <div className="pointer-events-none absolute inset-x-0 bottom-6 text-center">
          <p className="text-2xl font-bold tabular-nums">{percent(wonLost.winRate)}</p>
          <p className="text-xs text-muted-foreground">Win Rate</p>
        </div>
      </div>
    </ChartCard>
  )
}

function HourlyChart({
  hours,
  palette,
}: {
  hours: VisualStats['trades_by_hour']
  palette: Palette
}) {
  const data = hours.map((hour) => ({ ...hour, label: `${String(hour.hour).padStart(2, '0')}:00` }))
  const active = data.filter((hour) => hour.wonProfit !== 0 || hour.lostProfit !== 0)
  const best = active.reduce<(typeof data)[number] | null>(
    (a, b) => (!a || b.wonProfit + b.lostProfit > a.wonProfit + a.lostProfit ? b : a),
    null,
  )
  return (
    <ChartCard
      title="Hourly Profit/Loss"
      summary={
        best
          ? `Traded in ${active.length} of 24 hours (New York time of the open); best hour ${best.label}, ${signedMoney(best.wonProfit + best.lostProfit)}.`
          : 'No profit or loss by hour yet.'
      }
      table={{
        columns: ['Hour', 'Profit', 'Loss'],
        rows: data.map((hour) => [hour.label, money(hour.wonProfit), money(hour.lostProfit)]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%" initialDimension={chartSize}>
        <AreaChart data={data} accessibilityLayer={false}>
          {axes(palette, 'label')}
          <Area
            type="monotone"
            dataKey="wonProfit"
            name="Profit"
            stroke={palette.profit}
            fill={palette.profit}
            fillOpacity={0.3}
          />
          <Area
            type="monotone"
            dataKey="lostProfit"
            name="Loss"
            stroke={palette.loss}
            fill={palette.loss}
            fillOpacity={0.3}
          />
        </AreaChart>
      </ResponsiveContainer>
    </ChartCard>
  )
}

function WeeklyChart({ days, palette }: { days: VisualStats['trades_by_week']; palette: Palette }) {
  const won = days.reduce((sum, day) => sum + day.wonProfit, 0)
  const lost = days.reduce((sum, day) => sum + day.lostProfit, 0)
  return (
    <ChartCard
      title="Weekly Won/Lost"
      summary={`Won ${money(won)} and lost ${money(lost)} by weekday of the open.`}
      table={{
        columns: ['Day', 'Won', 'Lost'],
        rows: days.map((day) => [day.name, money(day.wonProfit), money(day.lostProfit)]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%" initialDimension={chartSize}>
        <BarChart data={days} accessibilityLayer={false}>
          {axes(palette, 'name')}
          <Bar dataKey="wonProfit" name="Won" fill={palette.profit} radius={[4, 4, 0, 0]} />
          <Bar dataKey="lostProfit" name="Lost" fill={palette.loss} radius={[0, 0, 4, 4]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  )
}

function TotalTradesChart({
  trades,
  period,
  onPeriodChange,
  palette,
}: {
  trades: VisualTrades
  period: AnalyticsPeriod
  onPeriodChange: (period: AnalyticsPeriod) => void
  palette: Palette
}) {
  const profit = trades.finalResult.reduce((sum, row) => sum + row.profit, 0)
  const loss = trades.finalResult.reduce((sum, row) => sum + row.loss, 0)
  return (
    <ChartCard
      title="Total Trades Analysis"
      summary={`${periodLabels[period]}: gross profit ${money(profit)}, gross loss ${money(loss)} over ${trades.finalResult.length} ${period === 'year' ? 'months' : 'days'}.`}
      table={{
        columns: ['Period', 'Profit', 'Loss'],
        rows: trades.finalResult.map((row) => [row.date, money(row.profit), money(row.loss)]),
      }}
      action={
        <div role="group" aria-label="Period" className="flex gap-1 rounded-lg bg-surface-2 p-1">
          {analyticsPeriods.map((option) => (
            <Button
              key={option}
              size="sm"
              variant={option === period ? 'default' : 'ghost'}
              aria-pressed={option === period}
              className="h-7 px-3"
              onClick={() => onPeriodChange(option)}
            >
              {periodLabels[option]}
            </Button>
          ))}
        </div>
      }
    >
      <ResponsiveContainer width="100%" height="100%" initialDimension={chartSize}>
        <ComposedChart data={trades.finalResult} accessibilityLayer={false}>
          {axes(palette, 'date')}
          <Bar dataKey="loss" name="Loss" fill={palette.loss} radius={[0, 0, 4, 4]} />
          <Line
            type="monotone"
            dataKey="profit"
            name="Profit"
            stroke={palette.profit}
            strokeWidth={2}
            dot={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartCard>
  )
}

export function TradeVisualization({ accountId }: { accountId: string }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>('month')
  const stats = useQuery(visualStatsQuery(accountId))
  const trades = useQuery(visualTradesQuery(accountId, period))
  const palette = usePalette()

  if (stats.isPending || trades.isPending) {
    return (
      <div role="status" className="grid gap-4 lg:grid-cols-2">
        <span className="sr-only">Loading charts</span>
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-72" />
        ))}
      </div>
    )
  }
  if (stats.isError || trades.isError) {
    return (
      <SectionError
        error={stats.error ?? trades.error}
        onRetry={() => {
          if (stats.isError) void stats.refetch()
          if (trades.isError) void trades.refetch()
        }}
      />
    )
  }
  const { won_lost: wonLost } = stats.data
  if (wonLost.won + wonLost.lost === 0) return <NoClosedTrades />

  const visual = trades.data
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-busy={trades.isPlaceholderData}>
      <ProfitBarsChart
        title="Total Profit by Position Size"
        noun="position size"
        column="Position size (lots)"
        bars={visual.tradesByPositionSizes.map((row) => ({
          label: lots(row.positionSize),
          totalProfit: row.totalProfit,
        }))}
        palette={palette}
      />
      <ProfitBarsChart
        title="Total Profit by Time Duration"
        noun="holding time"
        column="Holding time"
        bars={visual.tradesByTimeRange.map((row) => ({
          label: row.range,
          totalProfit: row.totalProfit,
        }))}
        palette={palette}
      />
      <ProfitBarsChart
        title="Total Profit by Symbol"
        noun="symbol"
        column="Symbol"
        bars={visual.tradesBySymbol.map((row) => ({
          label: row.symbol,
          totalProfit: row.totalProfit,
        }))}
        palette={palette}
      />
      <ProfitBarsChart
        title="Total Profit by Type"
        noun="type"
        column="Type"
        bars={visual.tradesByType.map((row) => ({
          label: `${typeLabels[row.type]} (${row.tradeCount})`,
          totalProfit: row.totalProfit,
        }))}
        palette={palette}
      />
      <ProfitabilityChart wonLost={wonLost} palette={palette} />
      <HourlyChart hours={stats.data.trades_by_hour} palette={palette} />
      <WeeklyChart days={stats.data.trades_by_week} palette={palette} />
      <TotalTradesChart
        trades={visual}
        period={period}
        onPeriodChange={setPeriod}
        palette={palette}
      />
    </div>
  )
}

export default TradeVisualization
