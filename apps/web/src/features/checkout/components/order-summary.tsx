import type { ReactNode } from 'react'
import type { OrderSummaryDto } from '@tp/api'
import { accountBalanceDollars, paymentMethodLabels } from '@tp/domain'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

type OrderSummaryCardProps = {
  summary: OrderSummaryDto | undefined
  /** the platform label, when known (an order; the selection) */
  platformLabel?: string
  /** what stands instead of the lines: a loading or error state, or a hint */
  placeholder?: ReactNode
  /** below the lines: the coupon box, the Place order button */
  children?: ReactNode
  /** a price being refreshed is dimmed, not hidden (no layout shift) */
  isRefreshing?: boolean
  className?: string
  title?: string
}

const balanceText = (sizeK: OrderSummaryDto['sizeK']) =>
  `$${accountBalanceDollars(sizeK).toLocaleString('en-US')}`

/** The order summary: the server's lines and total, shown exactly as it will charge them. */
export function OrderSummaryCard({
  summary,
  platformLabel,
  placeholder,
  children,
  isRefreshing = false,
  className,
  title = 'Order summary',
}: OrderSummaryCardProps) {
  return (
    <Card className={className}>
      <CardHeader className="pb-3">
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {summary ? (
          <div
            className={cn('grid gap-3 transition-opacity', isRefreshing && 'opacity-60')}
            aria-busy={isRefreshing || undefined}
          >
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Account size</dt>
              <dd className="text-right">{balanceText(summary.sizeK)}</dd>
              {platformLabel ? (
                <>
                  <dt className="text-muted-foreground">Platform</dt>
                  <dd className="text-right">{platformLabel}</dd>
                </>
              ) : null}
              <dt className="text-muted-foreground">Payment</dt>
              <dd className="text-right">{paymentMethodLabels[summary.method]}</dd>
            </dl>
            <ul aria-label="Order lines" className="grid gap-2 border-t border-border pt-3">
              {summary.lines.map((line) => (
                <li
                  key={`${line.kind}-${line.label}`}
                  className={cn(
                    'flex items-baseline justify-between gap-4 text-sm',
                    line.kind === 'total' && 'border-t border-border pt-3 text-base font-bold',
                    line.amount < 0 && 'text-profit',
                  )}
                >
                  <span className="min-w-0">{line.label}</span>
                  <span className="shrink-0 tabular-nums">{line.text}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          (placeholder ?? <OrderSummarySkeleton />)
        )}
        {children}
      </CardContent>
    </Card>
  )
}

export function OrderSummarySkeleton() {
  return (
    <div className="grid gap-3" role="status">
      <span className="sr-only">Loading the order summary</span>
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-6 w-full" />
    </div>
  )
}
