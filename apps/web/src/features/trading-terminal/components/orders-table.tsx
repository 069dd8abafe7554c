import { ListOrdered } from 'lucide-react'
import { useState } from 'react'
import { toast } from '@/lib/toast'
import type { AccountState, PendingOrderDto } from '@tp/api'
import { formatVolume, sideOfOrder } from '@tp/domain'
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
import { useCancelOrder } from '../api/cancel-order'
import { useQuote } from '../hooks/use-quotes'
import { canTrade } from '../utils/account'
import { dateTime, price } from '../utils/format'
import { ModifyOrderDialog } from './trade-dialogs'

const columns = [
  'Symbol',
  'Type',
  'Volume',
  'Price',
  'Market',
  'Stop loss',
  'Take profit',
  'Placed',
] as const

type RowProps = {
  order: PendingOrderDto
  isTradable: boolean
  isCancelling: boolean
  onModify: () => void
  onCancel: () => void
}

function OrderRow({ order, isTradable, isCancelling, onModify, onCancel }: RowProps) {
  const quote = useQuote(order.symbol)
  const side = sideOfOrder(order.type)
  // buys trigger on the ask, sells on the bid
  const market = quote ? (side === 'buy' ? quote.ask : quote.bid) : null
  const name = `${order.symbol} #${order.id}`
  return (
    <TableRow>
      <TableCell className="font-semibold">{order.symbol}</TableCell>
      <TableCell>
        <Badge variant={side === 'buy' ? 'profit' : 'loss'}>{order.type.replace('-', ' ')}</Badge>
      </TableCell>
      <TableCell className="font-mono tabular-nums">{formatVolume(order.volume)}</TableCell>
      <TableCell className="font-mono tabular-nums">{price(order.symbol, order.price)}</TableCell>
      <TableCell className="font-mono text-muted-foreground tabular-nums">
        {price(order.symbol, market)}
      </TableCell>
      <TableCell className="font-mono tabular-nums">
        {price(order.symbol, order.stopLoss)}
      </TableCell>
      <TableCell className="font-mono tabular-nums">
        {price(order.symbol, order.takeProfit)}
      </TableCell>
      <TableCell className="text-muted-foreground">{dateTime(order.createdAt)}</TableCell>
      <TableActionsCell>
        <div className="flex gap-1">
          <Button
            size="sm"
            variant="outline"
            disabled={!isTradable}
            onClick={onModify}
            aria-label={`Modify order ${name}`}
          >
            Modify
          </Button>
          <Button
            size="sm"
            variant="destructive"
            disabled={!isTradable}
            isPending={isCancelling}
            onClick={onCancel}
            aria-label={`Cancel order ${name}`}
          >
            Cancel
          </Button>
        </div>
      </TableActionsCell>
    </TableRow>
  )
}

/** Pending orders (limits and stops) with the market price they wait for; modify or cancel. */
export function OrdersTable({ state }: { state: AccountState }) {
  const { account, orders } = state
  const isTradable = canTrade(account)
  const cancel = useCancelOrder(account.id)
  const [modifyingId, setModifyingId] = useState<string | null>(null)
  const modifying = orders.find((order) => order.id === modifyingId)

  if (orders.length === 0) {
    return (
      <EmptyState
        icon={<ListOrdered aria-hidden />}
        title="No pending orders"
        description={
          isTradable ? 'Limit and stop orders wait here until the price reaches them.' : undefined
        }
      />
    )
  }

  const cancelOrder = (order: PendingOrderDto) =>
    cancel.mutate(order.id, {
      onSuccess: () => toast.success(`Order ${order.symbol} #${order.id} cancelled.`),
      onError: (error) => toast.error(getErrorMessage(error)),
    })

  return (
    <>
      <Table>
        <TableCaption className="sr-only">Pending orders</TableCaption>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column}>{column}</TableHead>
            ))}
            <TableActionsHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.map((order) => (
            <OrderRow
              key={order.id}
              order={order}
              isTradable={isTradable}
              isCancelling={cancel.isPending && cancel.variables === order.id}
              onModify={() => setModifyingId(order.id)}
              onCancel={() => cancelOrder(order)}
            />
          ))}
        </TableBody>
      </Table>
      {modifying ? (
        <ModifyOrderDialog
          accountId={account.id}
          item={modifying}
          open
          onOpenChange={(open) => !open && setModifyingId(null)}
        />
      ) : null}
    </>
  )
}
