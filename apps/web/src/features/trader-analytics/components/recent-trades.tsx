import type { RecentTradeDto } from '@tp/api/analytics'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { dateTime, lots, price, profitClass, signedMoney } from '../utils/format'
import { NoClosedTrades } from './section-states'

/** Recent Trades of spec 2.12: the newest closed trades in a box at most 500 px high. */
export function RecentTrades({ trades }: { trades: readonly RecentTradeDto[] }) {
  if (trades.length === 0) return <NoClosedTrades />
  return (
    <div
      className="max-h-[500px] overflow-y-auto rounded-lg"
      tabIndex={0}
      role="region"
      aria-label="Recent trades list"
    >
      <Table aria-label="Recent trades">
        <TableHeader className="sticky top-0 z-10">
          <TableRow>
            <TableHead>Symbol</TableHead>
            <TableHead>Type</TableHead>
            <TableHead className="text-right">Lots</TableHead>
            <TableHead className="text-right">Open Price</TableHead>
            <TableHead className="text-right">Close Price</TableHead>
            <TableHead className="text-right">Profit</TableHead>
            <TableHead>Open Time</TableHead>
            <TableHead>Close Time</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {trades.map((trade) => (
            <TableRow key={trade.id}>
              <TableCell className="font-medium">{trade.symbol}</TableCell>
              <TableCell className={trade.type === 'buy' ? 'text-profit' : 'text-loss'}>
                {trade.type === 'buy' ? 'BUY' : 'SELL'}
              </TableCell>
              <TableCell className="text-right tabular-nums">{lots(trade.volume)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {price(trade.symbol, trade.openPrice)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {price(trade.symbol, trade.closePrice)}
              </TableCell>
              <TableCell className={`text-right tabular-nums ${profitClass(trade.profit)}`}>
                {signedMoney(trade.profit)}
              </TableCell>
              <TableCell className="tabular-nums">{dateTime(trade.openTime)}</TableCell>
              <TableCell className="tabular-nums">{dateTime(trade.closeTime)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
