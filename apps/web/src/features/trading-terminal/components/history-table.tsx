import { History } from 'lucide-react'
import type { ClosedTradeDto } from '@tp/api'
import { formatVolume } from '@tp/domain'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { cn } from '@/lib/utils'
import { useHistory } from '../api/get-history'
import { dateTime, money, price, profitClass, signedMoney } from '../utils/format'
import { LoadError } from '@/components/load-error'

const reasonLabels: Record<ClosedTradeDto['reason'], string> = {
  client: 'Closed',
  'stop-loss': 'Stop loss',
  'take-profit': 'Take profit',
  'stop-out': 'Stop out',
  breach: 'Breach',
  pass: 'Passed',
  weekend: 'Weekend close',
  inactivity: 'Suspended (inactivity)',
  refund: 'Closed (refund)',
  risk: 'Closed (risk desk)',
  policy: 'Closed (lot cap)',
  payout: 'Closed (payout)',
}

const columns = [
  'Closed',
  'Symbol',
  'Side',
  'Volume',
  'Open price',
  'Close price',
  'Opened',
  'Profit',
  'Swap',
  'Commission',
  'Result',
  'Reason',
] as const

/** Closed trades (and closed parts of positions), newest first, a page at a time. */
export function HistoryTable({ accountId }: { accountId: string }) {
  const history = useHistory(accountId)

  if (history.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading the history">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    )
  }
  if (history.isError) {
    return <LoadError error={history.error} onRetry={() => void history.refetch()} />
  }

  // pages meet at a close time; a trade on the boundary must not show twice
  const seen = new Set<string>()
  const trades = history.data.pages
    .flatMap((page) => page.trades)
    .filter((trade) => (seen.has(trade.id) ? false : (seen.add(trade.id), true)))

  if (trades.length === 0) {
    return (
      <EmptyState
        icon={<History aria-hidden />}
        title="No closed trades yet"
        description="Every closed position, and every closed part of one, is listed here."
      />
    )
  }

  return (
    <div className="grid gap-3">
      <Table aria-busy={history.isFetching || undefined}>
        <TableCaption className="sr-only">Closed trades, newest first</TableCaption>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column}>{column}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {trades.map((trade) => (
            <TableRow key={trade.id}>
              <TableCell className="text-muted-foreground">{dateTime(trade.closeTime)}</TableCell>
              <TableCell className="font-semibold">{trade.symbol}</TableCell>
              <TableCell>
                <Badge variant={trade.side === 'buy' ? 'profit' : 'loss'}>{trade.side}</Badge>
              </TableCell>
              <TableCell className="font-mono tabular-nums">{formatVolume(trade.volume)}</TableCell>
              <TableCell className="font-mono tabular-nums">
                {price(trade.symbol, trade.openPrice)}
              </TableCell>
              <TableCell className="font-mono tabular-nums">
                {price(trade.symbol, trade.closePrice)}
              </TableCell>
              <TableCell className="text-muted-foreground">{dateTime(trade.openTime)}</TableCell>
              <TableCell className={cn('font-mono tabular-nums', profitClass(trade.profit))}>
                {signedMoney(trade.profit)}
              </TableCell>
              <TableCell className="font-mono tabular-nums">{money(trade.swap)}</TableCell>
              <TableCell className="font-mono tabular-nums">{money(trade.commission)}</TableCell>
              <TableCell
                className={cn('font-mono font-semibold tabular-nums', profitClass(trade.result))}
              >
                {signedMoney(trade.result)}
              </TableCell>
              <TableCell>{reasonLabels[trade.reason]}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {history.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          isPending={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          Load older trades
        </Button>
      ) : null}
    </div>
  )
}
