import type { AccountMetricsDto } from '@tp/api/analytics'
import { Card } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { ratio, resultClass, signedMoney } from '../utils/format'

type Row = AccountMetricsDto['breakdowns']['bySymbol'][number]

function BreakdownTable({
  title,
  keyLabel,
  rows,
}: {
  title: string
  keyLabel: string
  rows: { key: string; row: Omit<Row, 'symbol'> }[]
}) {
  return (
    <Card className="min-w-0 p-4">
      <h3 className="mb-2 font-semibold">{title}</h3>
      <Table scrollLabel={title}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{keyLabel}</TableHead>
            <TableHead scope="col" className="text-right">
              Trades
            </TableHead>
            <TableHead scope="col" className="text-right">
              Win rate
            </TableHead>
            <TableHead scope="col" className="text-right">
              Profit factor
            </TableHead>
            <TableHead scope="col" className="text-right">
              Result
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map(({ key, row }) => (
            <TableRow key={key}>
              <TableCell>{key}</TableCell>
              <TableCell className="text-right tabular-nums">{row.trades}</TableCell>
              <TableCell className="text-right tabular-nums">{row.winRate.toFixed(2)}%</TableCell>
              <TableCell className="text-right tabular-nums">
                {ratio(row.profitFactor, row.trades ? '∞' : '—')}
              </TableCell>
              <TableCell className={`text-right tabular-nums ${resultClass(row.result)}`}>
                {signedMoney(row.result)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  )
}

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`

/** Issue 12 item 5: results by symbol, and by weekday and hour of the open in `timeZone`. */
export function BreakdownTables({
  breakdowns,
  timeZone,
}: {
  breakdowns: AccountMetricsDto['breakdowns']
  timeZone: string
}) {
  const zone = timeZone.split('/').at(-1)!.replaceAll('_', ' ')
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <BreakdownTable
        title="By symbol"
        keyLabel="Symbol"
        rows={breakdowns.bySymbol.map((row) => ({ key: row.symbol, row }))}
      />
      <BreakdownTable
        title={`By weekday opened (${zone})`}
        keyLabel="Weekday"
        rows={breakdowns.byWeekday.map((row) => ({ key: row.weekday, row }))}
      />
      <BreakdownTable
        title={`By hour opened (${zone})`}
        keyLabel="Hour"
        rows={breakdowns.byHour
          .filter((row) => row.trades > 0)
          .map((row) => ({ key: hourLabel(row.hour), row }))}
      />
    </div>
  )
}
