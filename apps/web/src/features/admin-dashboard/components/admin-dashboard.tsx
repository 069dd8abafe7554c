import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import type { AdminSummary } from '@tp/api'
import { formatMoney, usd } from '@tp/domain'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { DataTable } from '@/components/ui/data-table'
import { useAdminSummary } from '../api/get-admin-summary'
import {
  changeText,
  percentChange,
  salesPeriods,
  salesSeries,
  type SalesPeriod,
} from '../utils/metrics'
import { LoadError } from '@/components/load-error'

const SalesChart = lazy(() => import('./sales-chart'))

const money = (cents: number) => formatMoney(usd(cents), { showCents: false })
const count = (value: number) => value.toLocaleString('en-US')
const ratio = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`)

type CardSpec = { label: string; value: (summary: AdminSummary['summary']) => string }

/** Spec 2.15's cards, in its order; each figure is defined in docs/admin-metrics.md. */
const cards: readonly CardSpec[] = [
  { label: 'Total Users', value: (s) => count(s.totalUsers) },
  { label: 'Active Users', value: (s) => count(s.activeUsers) },
  { label: 'Email Unverified Users', value: (s) => count(s.emailUnverifiedUsers) },
  { label: 'Phone Unverified Users', value: (s) => count(s.phoneUnverifiedUsers) },
  { label: 'Total Accounts', value: (s) => count(s.totalAccounts) },
  { label: 'Total Revenue', value: (s) => money(s.totalSales) },
  { label: 'Total Funds', value: (s) => money(s.totalFund) },
  { label: 'Total Trade', value: (s) => count(s.totalTrade) },
  { label: 'Completed Trade', value: (s) => count(s.completedTrade) },
  { label: 'Open Trade', value: (s) => count(s.openTrade) },
]

/** The admin dashboard (spec 2.15): the cards, the Trade Sales Overview and the firm's figures. */
export function AdminDashboard() {
  const summary = useAdminSummary()
  if (summary.isError) {
    return <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
  }
  const data = summary.data
  return (
    <div className="grid gap-6">
      <ul
        className="grid grid-cols-1 gap-3 min-[375px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-5"
        aria-label="Summary"
        aria-busy={!data || undefined}
      >
        {cards.map((card) => (
          <li key={card.label}>
            <Card className="grid gap-1 p-4" data-card={card.label}>
              <span className="text-xs text-muted-foreground">{card.label}</span>
              {data ? (
                <span className="text-xl font-semibold tabular-nums" data-value>
                  {card.value(data.summary)}
                </span>
              ) : (
                <Skeleton className="h-7 w-20" />
              )}
            </Card>
          </li>
        ))}
      </ul>
      {data ? <SalesOverview data={data.groupedSoldData} /> : <Skeleton className="h-80 w-full" />}
      {data ? <FirmFigures data={data} /> : null}
    </div>
  )
}

function SalesOverview({ data }: { data: AdminSummary['groupedSoldData'] }) {
  const [period, setPeriod] = useState<SalesPeriod>('1M')
  const series = salesSeries(data, period)
  const change = percentChange(series)
  const titleId = useId()
  const total = series.reduce((sum, point) => sum + point.value, 0)
  return (
    <Card role="figure" aria-labelledby={titleId} className="grid min-w-0 gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-base font-semibold">
          Trade Sales Overview
        </h2>
        <div role="group" aria-label="Period" className="flex gap-1">
          {salesPeriods.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={value === period ? 'default' : 'outline'}
              aria-pressed={value === period}
              onClick={() => setPeriod(value)}
            >
              {value}
            </Button>
          ))}
        </div>
      </div>
      <p className="text-sm" data-sales-change>
        <span className="font-semibold tabular-nums">{money(series.at(-1)?.value ?? 0)}</span>{' '}
        <span
          className={
            change === null ? 'text-muted-foreground' : change >= 0 ? 'text-profit' : 'text-loss'
          }
        >
          {changeText(series, period)}
        </span>
        <span className="text-muted-foreground">
          {' '}
          · {money(total)} over the {series.length} periods shown
        </span>
      </p>
      <div aria-hidden className="h-64 w-full min-w-0">
        <Suspense fallback={<Skeleton className="h-full w-full" />}>
          <SalesChart points={series} />
        </Suspense>
      </div>
      <table className="sr-only" data-sales-table={period}>
        <caption>Sales by {period === '1D' ? 'day' : period === '1M' ? 'month' : 'year'}</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Sales</th>
          </tr>
        </thead>
        <tbody>
          {series.map((point) => (
            <tr key={point.timeStamp}>
              <td>{point.timeStamp}</td>
              <td>{money(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  )
}

function FigureTable({
  title,
  columns,
  rows,
  empty,
}: {
  title: string
  columns: string[]
  rows: ReactNode[][]
  empty: string
}) {
  const id = useId()
  return (
    <Card className="grid min-w-0 gap-3 p-4" role="region" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <DataTable label={title} columns={columns} rows={rows} />
      )}
    </Card>
  )
}

/** Beyond the spec: what the firm lives on. */
function FirmFigures({ data }: { data: AdminSummary }) {
  const { insights } = data
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <FigureTable
        title="Payouts"
        columns={['Payouts', 'Count', 'Amount']}
        rows={[
          ['Pending', count(insights.payouts.pendingCount), money(insights.payouts.pendingCents)],
          ['Paid', count(insights.payouts.paidCount), money(insights.payouts.paidCents)],
          ['Paid / revenue', '', ratio(insights.payouts.payoutsToRevenue)],
        ]}
        empty="No payouts yet."
      />
      <FigureTable
        title="Pass rate by plan and phase"
        columns={['Plan', 'Phase', 'Passed', 'Failed', 'Pass rate']}
        rows={insights.passRates.map((row) => [
          row.planKey,
          row.stage,
          count(row.passed),
          count(row.failed),
          ratio(row.passRate),
        ])}
        empty="No trading accounts yet."
      />
      <FigureTable
        title="Breaches by rule"
        columns={['Rule', 'Breaches']}
        rows={insights.breachesByRule.map((row) => [row.rule, count(row.count)])}
        empty="No breaches yet."
      />
      <FigureTable
        title="Revenue by plan"
        columns={['Challenge', 'Size', 'Orders', 'Revenue']}
        rows={insights.revenueByPlan.map((row) => [
          row.challenge,
          `$${row.sizeK}K`,
          count(row.orders),
          money(row.cents),
        ])}
        empty="No paid orders yet."
      />
      <FigureTable
        title="Revenue by payment method"
        columns={['Method', 'Orders', 'Revenue']}
        rows={insights.revenueByMethod.map((row) => [
          row.method,
          count(row.orders),
          money(row.cents),
        ])}
        empty="No paid orders yet."
      />
      <FigureTable
        title="Newest traders"
        columns={['Name', 'Fee', 'Fund', 'Status']}
        rows={data.userList.map((row) => [
          row.userName,
          money(row.totalFee),
          money(row.totalFund),
          row.status,
        ])}
        empty="No traders yet."
      />
    </div>
  )
}
