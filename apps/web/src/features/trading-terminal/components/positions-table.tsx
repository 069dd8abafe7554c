import { CandlestickChart, Pencil, Scissors } from 'lucide-react'
import { useState } from 'react'
import { toast } from '@/lib/toast'
import type { AccountState, PositionDto } from '@tp/api'
import { closingPrice, formatVolume } from '@tp/domain'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import {
  Table,
  TableActionsCell,
  TableActionsHead,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { getErrorMessage } from '@/lib/api-client'
import { cn } from '@/lib/utils'
import { useClosePosition } from '../api/close-position'
import { useQuote } from '../hooks/use-quotes'
import { canTrade } from '../utils/account'
import { dateTime, money, price, profitClass, signedMoney } from '../utils/format'
import { ModifyPositionDialog, PartialCloseDialog } from './trade-dialogs'

const columns = [
  'Symbol',
  'Side',
  'Volume',
  'Open price',
  'Price',
  // the profit beside the price: both in view first, however narrow the box
  'Profit',
  'Stop loss',
  'Take profit',
  'Opened',
  'Swap',
] as const

type RowProps = {
  position: PositionDto
  isTradable: boolean
  isClosing: boolean
  onModify: () => void
  onPartialClose: () => void
  onClose: () => void
}

function PositionRow({
  position,
  isTradable,
  isClosing,
  onModify,
  onPartialClose,
  onClose,
}: RowProps) {
  // the price moves with every quote; the profit with every account state (the server's maths)
  const quote = useQuote(position.symbol)
  const current = quote ? closingPrice(position.side, quote) : position.currentPrice
  const name = `${position.symbol} #${position.id}`
  return (
    <TableRow>
      <TableCell className="font-semibold">{position.symbol}</TableCell>
      <TableCell>
        <Badge variant={position.side === 'buy' ? 'profit' : 'loss'}>{position.side}</Badge>
      </TableCell>
      <TableCell className="font-mono tabular-nums">{formatVolume(position.volume)}</TableCell>
      <TableCell className="font-mono tabular-nums">
        {price(position.symbol, position.openPrice)}
      </TableCell>
      <TableCell className="font-mono tabular-nums">{price(position.symbol, current)}</TableCell>
      <TableCell
        className={cn('font-mono font-semibold tabular-nums', profitClass(position.profit))}
      >
        {signedMoney(position.profit)}
      </TableCell>
      <TableCell className="font-mono tabular-nums">
        {price(position.symbol, position.stopLoss)}
      </TableCell>
      <TableCell className="font-mono tabular-nums">
        {price(position.symbol, position.takeProfit)}
      </TableCell>
      <TableCell className="text-muted-foreground">{dateTime(position.openTime)}</TableCell>
      <TableCell className={cn('font-mono tabular-nums', profitClass(position.swap))}>
        {money(position.swap)}
      </TableCell>
      <TableActionsCell>
        <div className="flex gap-1">
          {/* icons with their names as tooltips: the pinned column stays narrow */}
          <Button
            size="icon"
            variant="outline"
            className="size-8"
            disabled={!isTradable}
            onClick={onModify}
            aria-label={`Modify ${name}`}
            title="Modify stop loss and take profit"
          >
            <Pencil aria-hidden className="size-4" />
          </Button>
          <Button
            size="icon"
            variant="outline"
            className="size-8"
            disabled={!isTradable}
            onClick={onPartialClose}
            aria-label={`Partial close ${name}`}
            title="Close part of the volume"
          >
            <Scissors aria-hidden className="size-4" />
          </Button>
          <Button
            size="sm"
            variant="destructive"
            disabled={!isTradable}
            isPending={isClosing}
            onClick={onClose}
            aria-label={`Close ${name}`}
          >
            Close
          </Button>
        </div>
      </TableActionsCell>
    </TableRow>
  )
}

type Dialog = { kind: 'modify' | 'partial'; positionId: string }

/** Open positions with their live price and P/L; modify SL/TP, close, or close part. */
export function PositionsTable({ state }: { state: AccountState }) {
  const { account, positions } = state
  const isTradable = canTrade(account)
  const close = useClosePosition(account.id)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  // the dialog follows the live position, and closes with it (a stop loss may take it first)
  const dialogPosition = dialog ? positions.find((p) => p.id === dialog.positionId) : undefined

  if (positions.length === 0) {
    return (
      <EmptyState
        icon={<CandlestickChart aria-hidden />}
        title="No open positions"
        description={
          isTradable ? 'Positions you open with the order ticket appear here.' : undefined
        }
      />
    )
  }

  const closeAll = (position: PositionDto) =>
    close.mutate(
      { positionId: position.id, body: {} },
      {
        onSuccess: () => toast.success(`Closed ${position.symbol} #${position.id}.`),
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    )

  const totalProfit = positions.reduce((sum, position) => sum + position.profit + position.swap, 0)

  return (
    <>
      <Table>
        <TableCaption className="sr-only">Open positions</TableCaption>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column}>{column}</TableHead>
            ))}
            <TableActionsHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {positions.map((position) => (
            <PositionRow
              key={position.id}
              position={position}
              isTradable={isTradable}
              isClosing={close.isPending && close.variables?.positionId === position.id}
              onModify={() => setDialog({ kind: 'modify', positionId: position.id })}
              onPartialClose={() => setDialog({ kind: 'partial', positionId: position.id })}
              onClose={() => closeAll(position)}
            />
          ))}
        </TableBody>
      </Table>
      <p className="mt-2 text-right text-sm">
        <span className="text-muted-foreground">Total floating P/L with swap: </span>
        <span className={cn('font-mono font-semibold tabular-nums', profitClass(totalProfit))}>
          {signedMoney(totalProfit)}
        </span>
      </p>
      {dialog?.kind === 'modify' && dialogPosition ? (
        <ModifyPositionDialog
          accountId={account.id}
          item={dialogPosition}
          open
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'partial' && dialogPosition ? (
        <PartialCloseDialog
          accountId={account.id}
          item={dialogPosition}
          open
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}
    </>
  )
}
