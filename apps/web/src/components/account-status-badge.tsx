import { tradingAccountStatusLabels, type TradingAccountStatus } from '@tp/api/trading'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import type { ReactNode } from 'react'

const variants = {
  provisioning: 'warning',
  active: 'profit',
  passed: 'default',
  failed: 'loss',
  suspended: 'neutral',
  closed: 'neutral',
} as const satisfies Record<TradingAccountStatus, string>

/** A trading account's status, worded and coloured the same on every page. */
export function AccountStatusBadge({
  status,
  className,
  children,
}: {
  status: TradingAccountStatus
  className?: string
  /** shown before the label, e.g. a spinner while the account is set up */
  children?: ReactNode
}) {
  return (
    <Badge variant={variants[status]} className={cn(className)}>
      {children}
      {tradingAccountStatusLabels[status]}
    </Badge>
  )
}
