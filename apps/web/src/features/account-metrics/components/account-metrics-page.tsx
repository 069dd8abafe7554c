import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { importedAccountMessages, linkedAccountMessages } from '@tp/api/account-kind-messages'
import { LoadError } from '@/components/load-error'
import { paths } from '@/config/paths'
import { Alert } from '@/components/ui/alert'
import { EmptyState } from '@/components/ui/empty-state'
import { fieldClasses } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { importedMetricsQueryOptions, useImportedAccounts } from '@/lib/imported-accounts'
import { linkedMetricsQueryOptions, useLinkedAccounts } from '@/lib/linked-accounts'
import { AppLink } from '@/lib/navigation'
import { useTradingAccounts } from '@/lib/trading-accounts'
import { cn } from '@/lib/utils'
import { accountMetricsQuery, journalQuery, useSaveJournalEntry } from '../api/account-metrics'
import {
  useAccountMetricsLive,
  METRICS_REFRESH_DEBOUNCE_MS,
} from '../hooks/use-account-metrics-live'
import { AccountMetricsView } from './account-metrics-view'

function PageSkeleton() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">Loading the account's metrics</span>
      <Skeleton className="h-80" />
      <Skeleton className="h-40" />
      <Skeleton className="h-64" />
    </div>
  )
}

/** The shown account's metrics and journal, live. */
function AccountMetrics({ accountId, login }: { accountId: string; login: string }) {
  useAccountMetricsLive(accountId)
  const metrics = useQuery(accountMetricsQuery(accountId))
  const journal = useQuery(journalQuery(accountId))
  const save = useSaveJournalEntry(accountId)
  if (metrics.isPending) return <PageSkeleton />
  if (metrics.isError)
    return <LoadError error={metrics.error} onRetry={() => void metrics.refetch()} />
  return (
    <>
      {journal.isError && (
        <LoadError error={journal.error} onRetry={() => void journal.refetch()} />
      )}
      <AccountMetricsView
        metrics={metrics.data.metrics}
        filePrefix={`account-${login}`}
        {...(journal.data ? { journal: { entries: journal.data, onSave: save.mutateAsync } } : {})}
      />
    </>
  )
}

/** A saved statement import: read-only (no journal), never tradable. */
function ImportedMetrics({ importId }: { importId: string }) {
  const metrics = useQuery(importedMetricsQueryOptions(importId))
  if (metrics.isPending) return <PageSkeleton />
  if (metrics.isError)
    return <LoadError error={metrics.error} onRetry={() => void metrics.refetch()} />
  return (
    <>
      <Alert>
        <p>{importedAccountMessages.importedReadOnly}</p>
      </Alert>
      <AccountMetricsView
        metrics={metrics.data.metrics}
        filePrefix={`statement-${metrics.data.account.login}`}
      />
    </>
  )
}

/** A linked TradeLocker account (decision 0044): read-only (no journal), never tradable. */
function LinkedMetrics({ linkedAccountId }: { linkedAccountId: string }) {
  const metrics = useQuery(linkedMetricsQueryOptions(linkedAccountId))
  if (metrics.isPending) return <PageSkeleton />
  if (metrics.isError)
    return <LoadError error={metrics.error} onRetry={() => void metrics.refetch()} />
  return (
    <>
      <Alert>
        <p>{linkedAccountMessages.linkedReadOnly}</p>
      </Alert>
      <AccountMetricsView
        metrics={metrics.data.metrics}
        filePrefix={`tradelocker-${metrics.data.account.accNum}`}
      />
    </>
  )
}

/** The switcher's value of a saved statement import (trading accounts use their id). */
const IMPORTED = 'imported:'
/** The switcher's value of a linked TradeLocker account. */
const LINKED = 'linked:'

/**
 * /user/analyticsview (issue 12 items 4-7): the account metrics of the trader's accounts, one at
 * a time; a switch loads the new account's figures 300 ms after the last change (spec 4).
 */
export function AccountMetricsPage() {
  const selectId = useId()
  const accounts = useTradingAccounts()
  const imported = useImportedAccounts()
  const [chosen, setChosen] = useState<string | null>(null)
  const ready = (accounts.data ?? []).filter((account) => account.status !== 'provisioning')
  const linked = useLinkedAccounts()
  const importedAccounts = imported.data ?? []
  const linkedAccounts = linked.data ?? []
  const chosenImport = importedAccounts.find((account) => IMPORTED + account.id === chosen)
  const chosenLinked = linkedAccounts.find((account) => LINKED + account.id === chosen)
  const current =
    chosenImport || chosenLinked
      ? null
      : (ready.find((account) => account.id === chosen) ?? ready[0] ?? null)
  const currentValue = chosenImport
    ? IMPORTED + chosenImport.id
    : chosenLinked
      ? LINKED + chosenLinked.id
      : (current?.id ??
        (importedAccounts[0]
          ? IMPORTED + importedAccounts[0].id
          : linkedAccounts[0]
            ? LINKED + linkedAccounts[0].id
            : ''))
  const shownId = useDebouncedValue(currentValue || null, METRICS_REFRESH_DEBOUNCE_MS)
  const shown = ready.find((account) => account.id === shownId) ?? null
  const shownImport = importedAccounts.find((account) => IMPORTED + account.id === shownId)
  const shownLinked = linkedAccounts.find((account) => LINKED + account.id === shownId)

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Account metrics</h1>
          <p className="text-sm text-muted-foreground">
            Curves with the loss floors, daily results, metrics, journal and the rule what-if.{' '}
            <AppLink
              to={paths.user.statementImport.getHref()}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Import a MetaTrader statement
            </AppLink>
          </p>
        </div>
        {ready.length + importedAccounts.length + linkedAccounts.length > 0 && (
          <div className="grid gap-1">
            <Label htmlFor={selectId}>Account</Label>
            <select
              id={selectId}
              className={cn(fieldClasses, 'h-10 py-2')}
              value={currentValue}
              onChange={(event) => setChosen(event.target.value)}
            >
              {ready.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.login} · {account.sizeK}K {account.stage} · {account.status}
                </option>
              ))}
              {importedAccounts.map((account) => (
                <option key={account.id} value={IMPORTED + account.id}>
                  {account.name} · {account.platform} #{account.login} ·{' '}
                  {importedAccountMessages.importedKind}
                </option>
              ))}
              {linkedAccounts.map((account) => (
                <option key={account.id} value={LINKED + account.id}>
                  {account.name} · #{account.accNum} {account.server} ·{' '}
                  {linkedAccountMessages.linkedKind}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {accounts.isPending ? (
        <PageSkeleton />
      ) : accounts.isError ? (
        <LoadError error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : shownImport ? (
        <ImportedMetrics key={shownImport.id} importId={shownImport.id} />
      ) : shownLinked ? (
        <LinkedMetrics key={shownLinked.id} linkedAccountId={shownLinked.id} />
      ) : ready.length === 0 && importedAccounts.length === 0 && linkedAccounts.length === 0 ? (
        <EmptyState
          title="No trading account yet"
          description="Your account's metrics appear here once it is set up."
        />
      ) : shown ? (
        <AccountMetrics key={shown.id} accountId={shown.id} login={shown.login} />
      ) : (
        <PageSkeleton />
      )}
    </div>
  )
}
