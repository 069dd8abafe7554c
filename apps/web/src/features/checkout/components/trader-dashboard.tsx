import { ChevronRight, CandlestickChart, Plus, Wallet } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import type { TradingAccountDto } from '@tp/api'
import { DocumentTitle } from '@/components/document-title'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { useTradingAccounts } from '@/lib/trading-accounts'
import type { DashboardNotice } from './card-payment'
import { CreateAccountModal } from './create-account-modal'
import { CredentialsCard } from './credentials-card'
import { LoadError } from '@/components/load-error'

/** The account shown first: one being set up (just bought), else an active one, else the first. */
function defaultIndex(accounts: readonly TradingAccountDto[]): number {
  const provisioning = accounts.findIndex((account) => account.status === 'provisioning')
  if (provisioning >= 0) return provisioning
  const active = accounts.findIndex((account) => account.status === 'active')
  return active >= 0 ? active : 0
}

function readNotice(state: unknown): string | null {
  const notice = (state as Partial<DashboardNotice> | null)?.notice
  return typeof notice === 'string' ? notice : null
}

function DashboardSkeleton() {
  return (
    <div className="grid gap-4" role="status">
      <span className="sr-only">Loading your accounts</span>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-48" />
    </div>
  )
}

/**
 * The trader dashboard of spec 2.12, the part checkout needs: the current account's credentials
 * with a 'Next Account' cycler, 'Create an account' (the create-account modal) and the way to the
 * terminal. What follows the card for the shown account (the analytics tabs) comes from app/.
 */
export function TraderDashboard({
  accountBadge,
  accountDetails,
}: {
  /** the status badge of an account, when another feature says more than the status (app/) */
  accountBadge?: (account: TradingAccountDto) => ReactNode
  /** shown below the credentials card for the shown account (app/ composes another feature) */
  accountDetails?: (account: TradingAccountDto) => ReactNode
} = {}) {
  const location = useLocation()
  const notice = readNotice(location.state)
  const accounts = useTradingAccounts({ isAwaitingNewAccount: notice !== null })
  const [chosenId, setChosenId] = useState<string | null>(null)
  const [isCreateOpen, setCreateOpen] = useState(false)

  const list = accounts.data ?? []
  const chosenIndex = list.findIndex((account) => account.id === chosenId)
  const index = chosenIndex >= 0 ? chosenIndex : defaultIndex(list)
  const current = list[index]
  // the account first shown stays shown while the list refreshes (a set-up account turning
  // active must not make the card jump to another one)
  if (current && current.id !== chosenId && chosenIndex < 0) setChosenId(current.id)
  const isEmpty = accounts.data !== undefined && list.length === 0

  const createButton = (
    <Button onClick={() => setCreateOpen(true)}>
      <Plus aria-hidden className="size-4" />
      Create an account
    </Button>
  )

  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <DocumentTitle title="Dashboard" />
        <h1 className="text-sm font-semibold tracking-wide text-primary uppercase">Dashboard</h1>
        <h2 className="text-2xl font-bold tracking-tight">Welcome to start challenge!</h2>
      </header>
      {notice ? (
        <Alert variant="success">
          <p>{notice}</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {isEmpty ? null : createButton}
        <Button asChild variant="outline">
          <Link to={paths.user.tradingTool.getHref()}>
            <CandlestickChart aria-hidden className="size-4" />
            Open trading terminal
          </Link>
        </Button>
      </div>

      {accounts.isPending ? <DashboardSkeleton /> : null}
      {accounts.isError && !accounts.data ? (
        <LoadError error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : null}
      {accounts.data && current ? (
        <CredentialsCard
          account={current}
          statusBadge={accountBadge?.(current)}
          position={list.length > 1 ? `Account ${index + 1} of ${list.length}` : undefined}
          action={
            list.length > 1 ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => setChosenId(list[(index + 1) % list.length]!.id)}
              >
                Next Account
                <ChevronRight aria-hidden className="size-4" />
              </Button>
            ) : null
          }
        />
      ) : null}
      {accounts.data && current ? accountDetails?.(current) : null}
      {isEmpty ? (
        <EmptyState
          icon={<Wallet aria-hidden />}
          title="You have no trading account yet"
          description={
            notice
              ? 'Your new account appears here in a moment.'
              : 'Create an account: pick a challenge and pay, and your credentials appear here.'
          }
          action={createButton}
        />
      ) : null}

      <CreateAccountModal open={isCreateOpen} onOpenChange={setCreateOpen} />
    </div>
  )
}
