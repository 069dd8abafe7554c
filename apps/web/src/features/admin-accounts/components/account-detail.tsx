import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { AdminVerdictsResponse } from '@tp/api'
import { platformKindLabels } from '@tp/api/trading-platform'
import { stageLabels } from '@tp/domain'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { DataTable } from '@/components/ui/data-table'
import { Pager } from '@/components/ui/pager'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { getErrorMessage } from '@/lib/api-client'
import {
  LEDGER_PAGE_SIZE,
  useAccountState,
  useAdminAccount,
  useDeals,
  useLedger,
  useTrades,
  useVerdicts,
  type AccountActionKind,
} from '../api/accounts'
import { AccountActionDialog, actionCopy } from './account-action-dialog'
import { formatInstant, money } from './format'
import { useCanAdminAct } from '@/lib/admin-role'

const lots = (units: number | null) => (units === null ? '—' : (units / 100).toFixed(2))

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  )
}

function Failed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert variant="error">
      <p>{getErrorMessage(error)}</p>
      <Button variant="link" onClick={retry}>
        Try again
      </Button>
    </Alert>
  )
}

/**
 * One trading account for the admin: live state and floors, the actions (each with a reason),
 * the live verdict beside the engine's replay of its export, breach evidence, the evaluation
 * ledger (paged), closed trades and deals.
 */
export function AccountDetail({ accountId }: { accountId: string }) {
  const state = useAccountState(accountId)
  // the account's row: its platform server, and whether disabling it closes its positions
  const row = useAdminAccount(accountId)
  const [action, setAction] = useState<AccountActionKind | null>(null)
  // a support user sees the account read-only (decision 0036): no actions offered
  const canAct = useCanAdminAct()

  if (state.isError) return <Failed error={state.error} retry={() => void state.refetch()} />
  if (!state.data) return <Skeleton className="h-48 w-full" />
  const { account, figures, meters, breach, positions } = state.data
  const isActive = account.status === 'active'
  // offered once the row says what a disable does on the account's platform server
  const actions: AccountActionKind[] =
    isActive && canAct && row.data
      ? [
          account.isTradingEnabled ? 'disable-trading' : 'enable-trading',
          'close-all',
          'leverage',
          'extend',
          'pass',
          'fail',
        ]
      : []

  return (
    <div className="grid min-w-0 gap-4">
      <Section title={`Account ${account.login ?? ''}`}>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <Fact label="Status">
            <Badge variant={isActive ? 'profit' : account.status === 'failed' ? 'loss' : 'neutral'}>
              {account.status}
            </Badge>{' '}
            {isActive ? (account.isTradingEnabled ? 'trading on' : 'trading off') : null}
          </Fact>
          <Fact label="Stage">{stageLabels[account.stage]}</Fact>
          <Fact label="Platform">{account.platform.toUpperCase()}</Fact>
          <Fact label="Platform server">
            {row.data ? platformKindLabels[row.data.adapter] : row.isError ? '—' : '…'}
          </Fact>
          <Fact label="Leverage">1:{account.leverage}</Fact>
          <Fact label="Balance">{money(figures.balance)}</Fact>
          <Fact label="Equity">{money(figures.equity)}</Fact>
          <Fact label="Daily floor">
            {meters.dailyLoss
              ? `${money(meters.dailyLoss.floor)} (${money(meters.dailyLoss.distance)} away)`
              : '—'}
          </Fact>
          <Fact label="Max floor">
            {meters.maxLoss
              ? `${money(meters.maxLoss.floor)} (${money(meters.maxLoss.distance)} away)`
              : '—'}
          </Fact>
          <Fact label="Open positions">{positions.length}</Fact>
        </dl>
        {actions.length > 0 ? (
          <div className="flex flex-wrap gap-2" aria-label="Actions" role="group">
            {actions.map((kind) => (
              <Button
                key={kind}
                size="sm"
                variant={actionCopy[kind].isDestructive ? 'destructive' : 'outline'}
                onClick={() => setAction(kind)}
              >
                {actionCopy[kind].label}
              </Button>
            ))}
          </div>
        ) : null}
      </Section>

      <VerdictsSection accountId={accountId} />

      {breach ? (
        <Section title="Breach evidence">
          <DataTable
            label="Breach evidence"
            columns={['Rule', 'At', 'Equity', 'Floor', 'Balance', 'Rulebook', 'Open positions']}
            rows={[
              [
                breach.rule,
                formatInstant(breach.t),
                money(breach.equity),
                money(breach.floor),
                money(breach.balance),
                breach.rulebookVersion,
                breach.openPositions.length,
              ],
            ]}
          />
        </Section>
      ) : null}

      <LedgerSection accountId={accountId} />
      <TradesSection accountId={accountId} />
      <AccountActionDialog
        accountId={accountId}
        kind={action}
        leverage={account.leverage}
        canDisableKeepPositions={row.data?.canDisableKeepPositions ?? true}
        onClose={() => setAction(null)}
      />
      <Link to={paths.admin.tradingAccounts.getHref()} className="text-sm underline">
        Back to trading accounts
      </Link>
    </div>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  )
}

function verdictLine(verdict: {
  status: string
  breach: AdminVerdictsResponse['data']['live']['breach']
}) {
  return verdict.breach
    ? `${verdict.status}: ${verdict.breach.rule} at ${formatInstant(verdict.breach.t)}`
    : verdict.status
}

function VerdictsSection({ accountId }: { accountId: string }) {
  const verdicts = useVerdicts(accountId)
  return (
    <Section title="Verdict">
      {verdicts.isError ? (
        <Failed error={verdicts.error} retry={() => void verdicts.refetch()} />
      ) : !verdicts.data ? (
        <Skeleton className="h-16 w-full" />
      ) : (
        <>
          <DataTable
            label="Live and replayed verdicts"
            columns={['Live verdict', 'Engine replay of the export']}
            rows={[[verdictLine(verdicts.data.live), verdictLine(verdicts.data.replayed)]]}
          />
          {verdicts.data.differences.length > 0 ? (
            <Alert variant="error">
              <p>The live verdict and the engine's replay differ:</p>
              <ul className="list-disc pl-5">
                {verdicts.data.differences.map((difference) => (
                  <li key={difference}>{difference}</li>
                ))}
              </ul>
            </Alert>
          ) : (
            <p className="text-sm text-muted-foreground">The engine's replay agrees.</p>
          )}
          {verdicts.data.override ? (
            <p className="text-sm">
              Manual {verdicts.data.override.action} on {formatInstant(verdicts.data.override.at)}{' '}
              (engine said {verdicts.data.override.engineStatus}): {verdicts.data.override.reason}
            </p>
          ) : null}
        </>
      )}
    </Section>
  )
}

function LedgerSection({ accountId }: { accountId: string }) {
  const [page, setPage] = useState(1)
  const ledger = useLedger(accountId, page)
  const pageCount = ledger.data ? Math.max(1, Math.ceil(ledger.data.total / LEDGER_PAGE_SIZE)) : 1
  return (
    <Section title="Evaluation ledger">
      {ledger.isError ? (
        <Failed error={ledger.error} retry={() => void ledger.refetch()} />
      ) : !ledger.data ? (
        <Skeleton className="h-24 w-full" />
      ) : ledger.data.total === 0 ? (
        <p className="text-sm text-muted-foreground">No ledger event yet.</p>
      ) : (
        <>
          <DataTable
            label="Evaluation ledger"
            columns={['Seq', 'Kind', 'At', 'Balance', 'Equity', 'Trade', 'Profit']}
            rows={ledger.data.events.map((event) => [
              event.seq,
              event.kind,
              formatInstant(event.t),
              event.balanceCents === null ? '—' : money(event.balanceCents),
              event.equityCents === null ? '—' : money(event.equityCents),
              event.symbol ? `${event.side ?? ''} ${event.symbol}` : '—',
              event.profitCents === null ? '—' : money(event.profitCents),
            ])}
          />
          <Pager
            page={page}
            pageCount={pageCount}
            status={`Page ${page} of ${pageCount} · ${ledger.data.total} events`}
            isBusy={ledger.isFetching}
            onPage={setPage}
          />
        </>
      )}
    </Section>
  )
}

function TradesSection({ accountId }: { accountId: string }) {
  const trades = useTrades(accountId)
  const deals = useDeals(accountId)
  return (
    <>
      <Section title="Closed trades">
        {trades.isError ? (
          <Failed error={trades.error} retry={() => void trades.refetch()} />
        ) : !trades.data ? (
          <Skeleton className="h-16 w-full" />
        ) : trades.data.trades.length === 0 ? (
          <p className="text-sm text-muted-foreground">No closed trade.</p>
        ) : (
          <DataTable
            label="Closed trades"
            columns={['Symbol', 'Side', 'Lots', 'Opened', 'Closed', 'Result', 'Reason']}
            rows={trades.data.trades.map((trade) => [
              trade.symbol,
              trade.side,
              lots(trade.volume),
              formatInstant(trade.openTime),
              formatInstant(trade.closeTime),
              money(trade.result),
              trade.reason,
            ])}
          />
        )}
      </Section>
      <Section title="Deals">
        {deals.isError ? (
          <Failed error={deals.error} retry={() => void deals.refetch()} />
        ) : !deals.data ? (
          <Skeleton className="h-16 w-full" />
        ) : (
          <DataTable
            label="Deals"
            columns={['Time', 'Entry', 'Type', 'Symbol', 'Lots', 'Profit', 'Reason']}
            rows={deals.data.deals.map((deal) => [
              formatInstant(deal.time),
              deal.entry,
              deal.type,
              deal.symbol ?? '—',
              lots(deal.volume),
              money(deal.profit),
              deal.reason,
            ])}
          />
        )}
      </Section>
    </>
  )
}
