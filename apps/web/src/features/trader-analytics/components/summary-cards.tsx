import type { TotalStatsDto } from '@tp/api/analytics'
import { Card } from '@/components/ui/card'
import { holdTime, money, percent, profitClass, signedMoney } from '../utils/format'

type Figure = { label: string; value: string; tone?: string }

function SummaryCard({ title, figures }: { title: string; figures: [Figure, Figure] }) {
  return (
    <Card role="group" aria-label={title} className="p-4">
      <dl className="grid grid-cols-2 gap-3">
        {figures.map((figure) => (
          <div key={figure.label} className="grid min-w-0 gap-1">
            <dt className="text-xs text-muted-foreground">{figure.label}</dt>
            <dd
              className={`text-lg font-semibold tabular-nums [overflow-wrap:anywhere] ${figure.tone ?? ''}`}
            >
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}

/** The four summary cards of spec 2.12: every figure as the server computed it. */
export function SummaryCards({ stats }: { stats: TotalStatsDto }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
      <SummaryCard
        title="Balance/Equity"
        figures={[
          { label: 'Balance', value: money(stats.balance) },
          { label: 'Equity', value: money(stats.equity) },
        ]}
      />
      <SummaryCard
        title="Profit/Today"
        figures={[
          { label: 'Profit', value: signedMoney(stats.profit), tone: profitClass(stats.profit) },
          {
            label: 'Today',
            value: signedMoney(stats.todayProfit),
            tone: profitClass(stats.todayProfit),
          },
        ]}
      />
      <SummaryCard
        title="Total Trades/Win Trades"
        figures={[
          { label: 'Total Trades', value: stats.totalTrades.toLocaleString('en-US') },
          { label: 'Win Trades', value: stats.winTrades.toLocaleString('en-US') },
        ]}
      />
      <SummaryCard
        title="Avg. Hold/Success Rate"
        figures={[
          { label: 'Avg. Hold', value: holdTime(stats.avgHoldTime) },
          { label: 'Success Rate', value: percent(stats.successRate) },
        ]}
      />
    </div>
  )
}
