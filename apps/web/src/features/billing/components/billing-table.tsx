import { Receipt } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { EmptyState } from '@/components/ui/empty-state'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
} from '@/components/ui/table'
import { usePayments } from '../api/get-payments'
import { formatAmount, formatLocalDateTime, paymentStatusVariant } from '../utils/format'
import { LoadError } from '@/components/load-error'

const columns = ['ID', 'Amount(USD)', 'Payment Type', 'Account ID', 'Date', 'Status'] as const

/** The trader's payments (spec 2.13), newest first. */
export function BillingTable() {
  const payments = usePayments()

  if (payments.isError) {
    return <LoadError error={payments.error} onRetry={() => void payments.refetch()} />
  }

  if (payments.data && payments.data.length === 0) {
    return (
      <EmptyState
        icon={<Receipt aria-hidden />}
        title="No payments yet"
        description="Your challenge purchases appear here once you have paid for one."
      />
    )
  }

  return (
    <Table aria-busy={payments.isPending || undefined}>
      <TableCaption className="sr-only">Your payments, newest first</TableCaption>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column} className={column === 'Amount(USD)' ? 'text-right' : undefined}>
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {payments.data ? (
          payments.data.map((payment) => (
            <TableRow key={payment.id}>
              <TableCell className="font-mono text-xs">{payment.id}</TableCell>
              <TableCell className="text-right font-medium tabular-nums">
                {formatAmount(payment.amount)}
              </TableCell>
              <TableCell>{payment.type}</TableCell>
              <TableCell className="font-mono text-xs text-muted-foreground">
                {payment.accountId ?? '—'}
              </TableCell>
              <TableCell className="tabular-nums">
                <time dateTime={payment.date}>{formatLocalDateTime(payment.date)}</time>
              </TableCell>
              <TableCell>
                <Badge variant={paymentStatusVariant(payment.status)}>{payment.status}</Badge>
              </TableCell>
            </TableRow>
          ))
        ) : (
          <TableSkeletonRows rows={4} columns={columns.length} />
        )}
      </TableBody>
    </Table>
  )
}
