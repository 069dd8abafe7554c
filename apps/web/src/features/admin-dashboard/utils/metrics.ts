import type { AdminSummary, SoldPoint } from '@tp/api'

export type SalesPeriod = '1D' | '1M' | '1Y'

export const salesPeriods: readonly SalesPeriod[] = ['1D', '1M', '1Y']

const periodNames: Record<SalesPeriod, string> = { '1D': 'day', '1M': 'month', '1Y': 'year' }

export function salesSeries(data: AdminSummary['groupedSoldData'], period: SalesPeriod) {
  return period === '1D'
    ? data.groupedByDay
    : period === '1M'
      ? data.groupedByMonth
      : data.groupedByYear
}

/**
 * The current period's sales against the previous one's, in percent (one decimal); null when
 * the previous period sold nothing (no base to compare with).
 */
export function percentChange(series: readonly SoldPoint[]): number | null {
  const current = series.at(-1)?.value ?? 0
  const previous = series.at(-2)?.value ?? 0
  if (previous === 0) return null
  return Math.round(((current - previous) / previous) * 1000) / 10
}

export function changeText(series: readonly SoldPoint[], period: SalesPeriod): string {
  const change = percentChange(series)
  const against = `the previous ${periodNames[period]}`
  if (change === null) return `No sales in ${against} to compare with`
  return `${change > 0 ? '+' : ''}${change.toFixed(1)}% vs ${against}`
}
