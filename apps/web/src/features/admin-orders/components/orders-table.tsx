import { Check, RotateCcw, ShoppingCart, Undo2, X } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { orderStatusLabels, orderStatuses, type OrderStatus } from '@tp/api'
import { paymentMethodLabels } from '@tp/domain'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DownloadCsvButton, filterQuery } from '@/components/download-csv-button'
import { useCanAdminAct } from '@/lib/admin-role'
import { CardField } from '@/components/ui/card-field'
import { EmptyState } from '@/components/ui/empty-state'
import { FormField } from '@/components/ui/form-field'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
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
  TableSkeletonRows,
} from '@/components/ui/table'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '@/hooks/use-media-query'
import { useAdminOrders } from '../api/get-admin-orders'
import {
  canRefund,
  canRetryProvisioning,
  formatLocalDateTime,
  isUnderReview,
  orderPlanText,
  orderStatusVariants,
  orderTotalText,
} from '../utils/format'
import type { AdminOrderDto } from '../utils/types'
import { OrderActionDialog, type OrderAction } from './order-action-dialog'
import { LoadError } from '@/components/load-error'

const ALL = 'all'

const columns = [
  'Order',
  'User',
  'Challenge',
  'Method',
  'Total',
  'Status',
  'Created',
  'Paid',
  'Account ID',
  'Error / review reason',
] as const

function readStatus(value: string | null): OrderStatus | null {
  return orderStatuses.find((status) => status === value) ?? null
}

function StatusFilter({
  value,
  onChange,
}: {
  value: OrderStatus | null
  onChange: (status: OrderStatus | null) => void
}) {
  return (
    <Select value={value ?? ALL} onValueChange={(next) => onChange(readStatus(next))}>
      <FormField label="Status" className="w-full sm:w-60">
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
      </FormField>
      <SelectContent>
        <SelectItem value={ALL}>All statuses</SelectItem>
        {orderStatuses.map((status) => (
          <SelectItem key={status} value={status}>
            {orderStatusLabels[status]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}

function OrderActions({
  order,
  onAction,
}: {
  order: AdminOrderDto
  onAction: (action: OrderAction) => void
}) {
  // a support user sees the orders read-only (decision 0036)
  if (!useCanAdminAct()) return null
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {canRetryProvisioning(order) ? (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Retry provisioning of ${order.number}`}
          onClick={() => onAction({ kind: 'retry', order })}
        >
          <RotateCcw aria-hidden className="size-4" />
          Retry provisioning
        </Button>
      ) : null}
      {isUnderReview(order) ? (
        <>
          <Button
            size="sm"
            aria-label={`Approve ${order.number}`}
            onClick={() => onAction({ kind: 'fulfil', order })}
          >
            <Check aria-hidden className="size-4" />
            Approve
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Reject ${order.number}`}
            onClick={() => onAction({ kind: 'reject', order })}
          >
            <X aria-hidden className="size-4" />
            Reject
          </Button>
        </>
      ) : null}
      {canRefund(order) ? (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Refund ${order.number}`}
          onClick={() => onAction({ kind: 'refund', order })}
        >
          <Undo2 aria-hidden className="size-4" />
          Refund
        </Button>
      ) : null}
    </div>
  )
}

function OrderRow({
  order,
  onAction,
}: {
  order: AdminOrderDto
  onAction: (action: OrderAction) => void
}) {
  const note = order.provisioningError ?? order.reviewReason
  return (
    <TableRow>
      <TableCell className="font-mono font-medium">{order.number}</TableCell>
      <TableCell>{order.userEmail}</TableCell>
      <TableCell>{orderPlanText(order)}</TableCell>
      <TableCell>{paymentMethodLabels[order.method]}</TableCell>
      <TableCell className="text-right tabular-nums">{orderTotalText(order)}</TableCell>
      <TableCell>
        <Badge variant={orderStatusVariants[order.status]}>{orderStatusLabels[order.status]}</Badge>
      </TableCell>
      <TableCell className="tabular-nums">{formatLocalDateTime(order.createdAt)}</TableCell>
      <TableCell className="tabular-nums">{formatLocalDateTime(order.paidAt)}</TableCell>
      <TableCell className="font-mono text-xs text-muted-foreground">
        {/* the whole id stays in the text (copy, screen readers); the cell shows its start */}
        <span className="block max-w-[10ch] truncate" title={order.accountId ?? undefined}>
          {order.accountId ?? '—'}
        </span>
      </TableCell>
      <TableCell
        className={
          order.provisioningError
            ? 'max-w-72 min-w-48 text-xs whitespace-normal text-destructive'
            : 'max-w-72 min-w-48 text-xs whitespace-normal text-muted-foreground'
        }
      >
        {note ?? '—'}
      </TableCell>
      <TableActionsCell>
        <OrderActions order={order} onAction={onAction} />
      </TableActionsCell>
    </TableRow>
  )
}

/** One order on a phone: every column of the table as a card, its actions below. */
function OrderCard({
  order,
  onAction,
}: {
  order: AdminOrderDto
  onAction: (action: OrderAction) => void
}) {
  const note = order.provisioningError ?? order.reviewReason
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono font-semibold">{order.number}</p>
        <Badge variant={orderStatusVariants[order.status]}>{orderStatusLabels[order.status]}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <CardField label="User">
          <span className="break-all">{order.userEmail}</span>
        </CardField>
        <CardField label="Total">
          <span className="tabular-nums">{orderTotalText(order)}</span>
        </CardField>
        <CardField label="Challenge">{orderPlanText(order)}</CardField>
        <CardField label="Method">{paymentMethodLabels[order.method]}</CardField>
        <CardField label="Created">{formatLocalDateTime(order.createdAt)}</CardField>
        <CardField label="Paid">{formatLocalDateTime(order.paidAt)}</CardField>
        <CardField label="Account ID">
          <span className="font-mono text-xs break-all text-muted-foreground">
            {order.accountId ?? '—'}
          </span>
        </CardField>
        {note ? (
          <CardField label="Error / review reason">
            <span className={order.provisioningError ? 'text-destructive' : undefined}>{note}</span>
          </CardField>
        ) : null}
      </dl>
      <OrderActions order={order} onAction={onAction} />
    </li>
  )
}

/** Every order of the firm, filtered by status, with the admin's recovery actions. */
export function OrdersTable() {
  const [searchParams, setSearchParams] = useSearchParams()
  const status = readStatus(searchParams.get('status'))
  const orders = useAdminOrders(status)
  const [action, setAction] = useState<OrderAction | null>(null)
  const isSmallScreen = useMediaQuery(SMALL_SCREEN_QUERY)

  const setStatus = (next: OrderStatus | null) =>
    setSearchParams((params) => {
      if (next) params.set('status', next)
      else params.delete('status')
      return params
    })

  let content
  if (orders.isError) {
    content = <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
  } else if (orders.data && orders.data.length === 0 && !orders.isPlaceholderData) {
    content = (
      <EmptyState
        icon={<ShoppingCart aria-hidden />}
        title={status ? `No ${orderStatusLabels[status].toLowerCase()} orders` : 'No orders yet'}
        description={
          status
            ? 'No order has this status right now. Pick another status to see more.'
            : 'Orders appear here as soon as traders start a checkout.'
        }
      />
    )
  } else if (isSmallScreen) {
    const label = `Orders${status ? ` with the status ${orderStatusLabels[status]}` : ''}, newest first`
    content = orders.data ? (
      <ul aria-label={label} aria-busy={orders.isFetching || undefined} className="grid gap-3">
        {orders.data.map((order) => (
          <OrderCard key={order.id} order={order} onAction={setAction} />
        ))}
      </ul>
    ) : (
      <div aria-busy className="grid gap-3">
        {Array.from({ length: 3 }, (_, row) => (
          <Skeleton key={row} className="h-40 w-full" />
        ))}
      </div>
    )
  } else {
    content = (
      <Table aria-busy={orders.isFetching || undefined}>
        <TableCaption className="sr-only">
          Orders{status ? ` with the status ${orderStatusLabels[status]}` : ''}, newest first
        </TableCaption>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column} className={column === 'Total' ? 'text-right' : undefined}>
                {column}
              </TableHead>
            ))}
            <TableActionsHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.data ? (
            orders.data.map((order) => (
              <OrderRow key={order.id} order={order} onAction={setAction} />
            ))
          ) : (
            <TableSkeletonRows rows={5} columns={columns.length + 1} />
          )}
        </TableBody>
      </Table>
    )
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <StatusFilter value={status} onChange={setStatus} />
        <DownloadCsvButton
          path={`/admin/exports/orders.csv${filterQuery({ status })}`}
          fallbackName="orders.csv"
        />
      </div>
      {content}
      <OrderActionDialog action={action} onClose={() => setAction(null)} />
    </div>
  )
}
