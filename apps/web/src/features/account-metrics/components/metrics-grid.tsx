import type { AccountMetricsDto } from '@tp/api/analytics'
import { Card } from '@/components/ui/card'
import { money, ratio, resultClass, signedMoney } from '../utils/format'

const NEEDS_30 = 'needs 30 trades'

/** Issue 12 item 5: the MetaStats-class figures of the closed trades. */
export function MetricsGrid({
  metrics,
  maxDrawdown,
}: {
  metrics: AccountMetricsDto['metrics']
  maxDrawdown: AccountMetricsDto['maxDrawdown']
}) {
  const items: { label: string; value: string; className?: string }[] = [
    { label: 'Profit factor', value: ratio(metrics.profitFactor, metrics.trades ? '∞' : '—') },
    {
      label: 'Expectancy',
      value: signedMoney(metrics.expectancy),
      className: resultClass(metrics.expectancy),
    },
    { label: 'Average win', value: money(metrics.averageWin), className: 'text-profit' },
    { label: 'Average loss', value: money(metrics.averageLoss), className: 'text-loss' },
    {
      label: 'Best trade',
      value: metrics.best ? `${signedMoney(metrics.best.result)} (${metrics.best.symbol})` : '—',
    },
    {
      label: 'Worst trade',
      value: metrics.worst ? `${signedMoney(metrics.worst.result)} (${metrics.worst.symbol})` : '—',
    },
    { label: 'Longest win streak', value: String(metrics.longestWinStreak) },
    { label: 'Longest loss streak', value: String(metrics.longestLossStreak) },
    { label: 'Sharpe ratio', value: ratio(metrics.sharpe, NEEDS_30) },
    { label: 'Sortino ratio', value: ratio(metrics.sortino, NEEDS_30) },
    {
      label: 'Max drawdown',
      value: `${money(maxDrawdown.amount)} (${maxDrawdown.percent.toFixed(2)}%)`,
    },
    {
      label: 'Average R',
      value:
        metrics.averageR === null
          ? 'no stops recorded'
          : `${metrics.averageR.toFixed(2)} R (${metrics.tradesWithStops} trades)`,
    },
  ]
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-lg font-semibold">
        Metrics{' '}
        <span className="text-sm font-normal text-muted-foreground">
          ({metrics.trades} closed trades, {metrics.wins} won, {metrics.losses} lost)
        </span>
      </h2>
      <dl
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
        data-testid="metrics-grid"
      >
        {items.map((item) => (
          <div key={item.label} className="rounded-md bg-surface-2 p-3">
            <dt className="text-xs text-muted-foreground">{item.label}</dt>
            <dd className={`font-semibold tabular-nums ${item.className ?? ''}`}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}
