import type { AccountState } from '@tp/api'
import { stageLabels } from '@tp/domain'
import { AccountStatusBadge } from '@/components/account-status-badge'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import type { StreamStatus } from '../hooks/use-trading-stream'
import { LeverageSelect } from './leverage-select'
import { money, percent, profitClass, signedMoney } from '../utils/format'

const streamLabels: Record<StreamStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline: updating every 5 s',
}

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('truncate font-mono text-sm font-semibold tabular-nums', className)}>
        {value}
      </dd>
    </div>
  )
}

/** The account's money at a glance: balance, equity, margin, free margin and margin level. */
export function AccountBar({
  state,
  streamStatus,
}: {
  state: AccountState
  streamStatus: StreamStatus
}) {
  const { account, figures } = state
  return (
    <section
      aria-label="Account summary"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="warning">{account.platformLabel}</Badge>
        <span className="font-semibold">#{account.login}</span>
        <span className="text-muted-foreground">
          {stageLabels[account.stage]} · ${account.sizeK}K
        </span>
        <LeverageSelect account={account} />
        <AccountStatusBadge status={account.status} />
        <span
          role="status"
          className={cn(
            'ml-auto inline-flex items-center gap-1.5 text-xs',
            streamStatus === 'live' ? 'text-profit' : 'text-warning',
          )}
        >
          <span
            aria-hidden
            className={cn(
              'size-2 rounded-full',
              streamStatus === 'live' ? 'bg-profit' : 'animate-pulse bg-warning',
            )}
          />
          {streamLabels[streamStatus]}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label="Balance" value={money(figures.balance)} />
        <Figure label="Equity" value={money(figures.equity)} />
        <Figure
          label="Floating P/L"
          value={signedMoney(figures.floatingProfit + figures.swap)}
          className={profitClass(figures.floatingProfit + figures.swap)}
        />
        <Figure label="Margin" value={money(figures.margin)} />
        <Figure label="Free margin" value={money(figures.freeMargin)} />
        <Figure
          label="Margin level"
          value={figures.marginLevelPercent === null ? '-' : percent(figures.marginLevelPercent)}
          className={figures.isMarginCall ? 'text-loss' : undefined}
        />
      </dl>
      {figures.isMarginCall ? (
        <p role="alert" className="text-sm font-medium text-loss">
          Margin call: close or reduce positions before the stop-out level.
        </p>
      ) : null}
    </section>
  )
}
