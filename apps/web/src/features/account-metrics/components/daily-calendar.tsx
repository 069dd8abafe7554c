import { useMemo, useState } from 'react'
import type { AccountMetricsDto } from '@tp/api/analytics'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { cn } from '@/lib/utils'
import { instant, resultClass, signedMoney } from '../utils/format'
import { LazyCurve } from './curve-card'

type Day = AccountMetricsDto['breakdowns']['daily'][number]
const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const

/** The months (YYYY-MM) from the first to the last trading day with a result. */
function monthsOf(days: readonly Day[]): string[] {
  if (days.length === 0) return []
  const months: string[] = []
  let [year, month] = days[0]!.date.split('-').map(Number) as [number, number]
  const last = days.at(-1)!.date.slice(0, 7)
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`
    months.push(key)
    if (key >= last) return months
    month += 1
    if (month > 12) {
      month = 1
      year += 1
    }
  }
}

function monthGrid(month: string): (string | null)[] {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const first = new Date(Date.UTC(year, m - 1, 1))
  const length = new Date(Date.UTC(year, m, 0)).getUTCDate()
  const lead = (first.getUTCDay() + 6) % 7 // Monday first
  const cells: (string | null)[] = Array.from({ length: lead }, () => null)
  for (let d = 1; d <= length; d++) cells.push(`${month}-${String(d).padStart(2, '0')}`)
  return cells
}

const monthTitle = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })

/**
 * Issue 12 item 5: the daily P/L calendar (trading days of the account's rulebook), coloured by
 * result; a day opens its trades and its intraday curve.
 */
export function DailyCalendar({ metrics }: { metrics: AccountMetricsDto }) {
  const days = metrics.breakdowns.daily
  const byDate = useMemo(() => new Map(days.map((day) => [day.date, day])), [days])
  const months = useMemo(() => monthsOf(days), [days])
  const [monthIndex, setMonthIndex] = useState(() => Math.max(0, months.length - 1))
  const [selected, setSelected] = useState<string | null>(null)
  const month = months[Math.min(monthIndex, months.length - 1)]
  const day = selected ? byDate.get(selected) : undefined

  if (!month) {
    return (
      <Card className="p-4">
        <h2 className="text-lg font-semibold">Daily results</h2>
        <p className="text-sm text-muted-foreground">No closed trades yet.</p>
      </Card>
    )
  }
  return (
    <Card className="grid gap-3 p-4" data-testid="daily-calendar">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Daily results: {monthTitle(month)}</h2>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={monthIndex <= 0}
            onClick={() => setMonthIndex((i) => i - 1)}
          >
            Previous month
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={monthIndex >= months.length - 1}
            onClick={() => setMonthIndex((i) => i + 1)}
          >
            Next month
          </Button>
        </div>
      </div>
      <div
        className="grid grid-cols-7 gap-1 text-center text-xs"
        role="grid"
        aria-label={`Daily results, ${monthTitle(month)}`}
      >
        <div role="row" className="contents">
          {weekdays.map((name) => (
            <div key={name} role="columnheader" className="py-1 text-muted-foreground">
              {name}
            </div>
          ))}
        </div>
        {chunk(monthGrid(month), 7).map((week, w) => (
          <div role="row" className="contents" key={w}>
            {week.map((date, k) => {
              const result = date ? byDate.get(date) : undefined
              if (!date) return <div role="gridcell" key={`blank-${k}`} />
              if (!result) {
                return (
                  <div
                    role="gridcell"
                    key={date}
                    className="rounded-md p-1 text-muted-foreground sm:p-2"
                  >
                    {Number(date.slice(8))}
                  </div>
                )
              }
              return (
                <div role="gridcell" key={date}>
                  <button
                    type="button"
                    data-date={date}
                    aria-pressed={selected === date}
                    aria-label={`${date}: ${signedMoney(result.result)}, ${result.trades} trades`}
                    onClick={() => setSelected(selected === date ? null : date)}
                    className={cn(
                      'grid w-full gap-0.5 rounded-md p-1 text-left focus-visible:ring-2 focus-visible:ring-ring sm:p-2',
                      result.result > 0 && 'bg-profit/20',
                      result.result < 0 && 'bg-loss/20',
                      result.result === 0 && 'bg-surface-2',
                      selected === date && 'ring-2 ring-primary',
                    )}
                  >
                    <span>{Number(date.slice(8))}</span>
                    <span
                      className={cn(
                        'hidden truncate font-semibold sm:block',
                        resultClass(result.result),
                      )}
                    >
                      {signedMoney(result.result)}
                    </span>
                    <span className="hidden text-muted-foreground sm:block">
                      {result.trades} tr.
                    </span>
                  </button>
                </div>
              )
            })}
          </div>
        ))}
      </div>
      {day ? (
        <DayDetail day={day} metrics={metrics} />
      ) : (
        <p className="text-sm text-muted-foreground">
          Choose a day to see its trades and intraday curve.
        </p>
      )}
    </Card>
  )
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const rows: T[][] = []
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size))
  return rows
}

/** One trading day: its trades and its curve between the day's resets. */
export function DayDetail({ day, metrics }: { day: Day; metrics: AccountMetricsDto }) {
  const trades = day.tradeIndexes.map((i) => metrics.trades[i]!)
  const points = metrics.curve.points.filter((p) => p.tMs >= day.startMs && p.tMs < day.endMs)
  return (
    <section aria-label={`Trading day ${day.date}`} className="grid gap-3" data-testid="day-detail">
      <h3 className="font-semibold">
        {day.date}: <span className={resultClass(day.result)}>{signedMoney(day.result)}</span> over{' '}
        {day.trades} trades, {day.winRate.toFixed(2)}% won
      </h3>
      {points.length > 1 ? (
        <LazyCurve points={points} isZoomable={false} height={200} />
      ) : (
        <p className="text-sm text-muted-foreground">Too few snapshots that day for a curve.</p>
      )}
      <Table scrollLabel={`Trades of ${day.date}`}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Symbol</TableHead>
            <TableHead scope="col">Type</TableHead>
            <TableHead scope="col" className="text-right">
              Lots
            </TableHead>
            <TableHead scope="col">Open</TableHead>
            <TableHead scope="col">Close</TableHead>
            <TableHead scope="col" className="text-right">
              Result
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {trades.map((trade) => (
            <TableRow key={trade.id}>
              <TableCell>{trade.symbol}</TableCell>
              <TableCell className="capitalize">{trade.side}</TableCell>
              <TableCell className="text-right tabular-nums">{trade.volume.toFixed(2)}</TableCell>
              <TableCell>{instant(trade.openTime)}</TableCell>
              <TableCell>{instant(trade.closeTime)}</TableCell>
              <TableCell className={`text-right tabular-nums ${resultClass(trade.result)}`}>
                {signedMoney(trade.result)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  )
}
