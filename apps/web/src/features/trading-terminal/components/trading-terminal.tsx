import { useQueryClient } from '@tanstack/react-query'
import { Wallet } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { AccountState, TradingAccountDto } from '@tp/api'
import { instrumentSymbols, isInstrumentSymbol, type InstrumentSymbol } from '@tp/domain'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { paths } from '@/config/paths'
import { usePersistedState } from '@/hooks/use-persisted-state'
import { useTradingAccounts } from '@/lib/trading-accounts'
import { cn } from '@/lib/utils'
import { useAccountState } from '../api/get-account-state'
import { useQuotesSnapshot } from '../api/get-quotes'
import { tradingQueryKeys } from '../api/query-keys'
import { useLimitWarningToasts } from '../hooks/use-limit-warning-toasts'
import { QuoteStoreContext, useQuoteStore } from '../hooks/use-quotes'
import { useTradingStream, type StreamStatus } from '../hooks/use-trading-stream'
import { isEnded } from '../utils/account'
import { QuoteStore } from '../utils/quote-store'
import { AccountBar } from './account-bar'
import { AccountSelector } from './account-selector'
import { AccountStatus } from './account-status'
import { OrderTicket } from './order-ticket'
import { PriceChart } from './price-chart'
import { RulePanel } from './rule-panel'
import { SymbolList } from './symbol-list'
import { TerminalSkeleton } from './terminal-skeleton'
import { TradeTabs } from './trade-tabs'
import { LoadError } from '@/components/load-error'

/** Device preferences of the terminal (not spec 3 keys: signing out keeps them). */
export const ACCOUNT_STORAGE_KEY = 'tp.terminal.accountId'
export const SYMBOL_STORAGE_KEY = 'tp.terminal.symbol'
const DEFAULT_SYMBOL = 'EURUSD'

/** The remembered account when it is still the trader's, else the first active one. */
export function chooseAccount(
  accounts: readonly TradingAccountDto[],
  rememberedId: string,
): TradingAccountDto | undefined {
  return (
    accounts.find((account) => account.id === rememberedId) ??
    accounts.find((account) => account.status === 'active') ??
    accounts[0]
  )
}

function AccountView({
  accountId,
  streamStatus,
  onSwitchAccount,
}: {
  accountId: string
  streamStatus: StreamStatus
  onSwitchAccount: (accountId: string) => void
}) {
  const state = useAccountState(accountId, { isPolling: streamStatus !== 'live' })
  useLimitWarningToasts(accountId, state.data?.meters)
  const [storedSymbol, setSymbol] = usePersistedState<string>(SYMBOL_STORAGE_KEY, DEFAULT_SYMBOL)
  const symbol = isInstrumentSymbol(storedSymbol) ? storedSymbol : DEFAULT_SYMBOL

  if (!state.data) {
    if (state.isError) {
      return <LoadError error={state.error} onRetry={() => void state.refetch()} />
    }
    return <TerminalSkeleton />
  }

  const data = state.data
  return (
    <div className="grid grid-cols-1 gap-4">
      <AccountBar state={data} streamStatus={streamStatus} />
      <AccountStatus state={data} onSwitchAccount={onSwitchAccount} />
      <TerminalPanels state={data} symbol={symbol} onSymbolChange={setSymbol} />
    </div>
  )
}

type Section = 'positions' | 'trade' | 'chart' | 'rules'

/**
 * Chart, symbols, ticket, rules and trades side by side on a wide screen. Below `xl` one section
 * at a time under a switcher at the top, positions first when any are open, so a phone shows
 * the trades at once rather than below every other panel.
 */
function TerminalPanels({
  state,
  symbol,
  onSymbolChange,
}: {
  state: AccountState
  symbol: InstrumentSymbol
  onSymbolChange: (symbol: string) => void
}) {
  const [section, setSection] = useState<Section>(() =>
    state.positions.length > 0 || state.account.isReadOnly ? 'positions' : 'trade',
  )
  const sections: { value: Section; label: string }[] = [
    { value: 'positions', label: state.account.isReadOnly ? 'History' : 'Positions' },
    { value: 'trade', label: 'New order' },
    { value: 'chart', label: 'Chart' },
    { value: 'rules', label: 'Rules' },
  ]
  // hidden below xl unless chosen; on xl and up every panel shows
  const shownIn = (...owners: Section[]) => (owners.includes(section) ? '' : 'max-xl:hidden')
  return (
    <>
      <div
        role="group"
        aria-label="Terminal sections"
        className="sticky top-16 z-20 -mx-1 flex gap-1 rounded-lg border border-border bg-surface-2/95 p-1 backdrop-blur xl:hidden"
      >
        {sections.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={section === option.value}
            onClick={() => setSection(option.value)}
            className={cn(
              'h-9 flex-auto truncate rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
              section === option.value && 'bg-surface text-foreground shadow',
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,1fr)_22rem] 2xl:grid-cols-[15rem_minmax(0,1fr)_22rem]">
        <SymbolList
          selected={symbol}
          onSelect={onSymbolChange}
          className={cn(
            'self-start max-xl:order-last xl:col-start-2 xl:row-start-4 2xl:col-start-1 2xl:row-span-4 2xl:row-start-1',
            shownIn('chart'),
          )}
        />
        <PriceChart
          symbol={symbol}
          className={cn(
            'self-start xl:col-start-1 xl:row-start-1 2xl:col-start-2',
            shownIn('chart'),
          )}
        />
        <div
          className={cn(
            'min-w-0 self-start xl:col-start-2 xl:row-span-2 xl:row-start-1 2xl:col-start-3',
            shownIn('trade'),
          )}
        >
          <OrderTicket state={state} symbol={symbol} onSymbolChange={onSymbolChange} />
        </div>
        <div
          className={cn(
            'min-w-0 self-start xl:col-start-2 xl:row-start-3 2xl:col-start-3 2xl:row-span-2',
            shownIn('rules'),
          )}
        >
          {/* an ended account's figures are final: its last balance, after the closes */}
          <RulePanel
            meters={state.meters}
            final={isEnded(state.account) ? state.figures : undefined}
          />
        </div>
        <TradeTabs
          state={state}
          className={cn(
            'self-start max-xl:order-first xl:col-start-1 xl:row-span-3 xl:row-start-2 2xl:col-start-2',
            shownIn('positions'),
          )}
        />
      </div>
    </>
  )
}

/** The live part: one stream for the page, the chosen account's terminal below its selector. */
function LiveTerminal({ accounts }: { accounts: readonly TradingAccountDto[] }) {
  const queryClient = useQueryClient()
  const store = useQuoteStore()
  const [rememberedId, setRememberedId] = usePersistedState<string>(ACCOUNT_STORAGE_KEY, '')
  const account = chooseAccount(accounts, rememberedId)!
  // keep showing this account when it ends (a pass, a breach): the trader sees what happened and
  // moves on to the next one with a click, rather than being switched away under their eyes
  useEffect(() => {
    if (!rememberedId) setRememberedId(account.id)
  }, [account.id, rememberedId, setRememberedId])
  const streamStatus = useTradingStream({
    accountId: account.id,
    symbols: instrumentSymbols,
    quotes: store,
  })

  // the latest quotes at once, so the ticket can price an order before the stream's first tick
  const snapshot = useQuotesSnapshot()
  useEffect(() => {
    if (snapshot.data) store.apply(snapshot.data.quotes)
  }, [snapshot.data, store])

  const switchAccount = async (accountId: string) => {
    // a new stage's account may be younger than the list held
    if (!accounts.some((candidate) => candidate.id === accountId)) {
      await queryClient.refetchQueries({ queryKey: tradingQueryKeys.accounts })
    }
    setRememberedId(accountId)
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      {accounts.length > 1 ? (
        <AccountSelector accounts={accounts} value={account.id} onChange={setRememberedId} />
      ) : null}
      <AccountView
        key={account.id}
        accountId={account.id}
        streamStatus={streamStatus}
        onSwitchAccount={(accountId) => void switchAccount(accountId)}
      />
    </div>
  )
}

/**
 * The web trading terminal (/user/tradingtool): live chart, symbols, order ticket, rule panel,
 * positions, orders and history of the trader's simulated challenge accounts.
 */
export function TradingTerminal() {
  const accounts = useTradingAccounts()
  const [store] = useState(() => new QuoteStore())

  let body
  if (accounts.isPending) {
    body = <TerminalSkeleton />
  } else if (accounts.isError) {
    body = <LoadError error={accounts.error} onRetry={() => void accounts.refetch()} />
  } else if (accounts.data.length === 0) {
    body = (
      <EmptyState
        icon={<Wallet aria-hidden />}
        title="You have no trading account yet"
        description="Buy a challenge to get a simulated trading account, then trade it here."
        action={
          <Button asChild>
            <Link to={paths.checkout.getFunded.getHref()}>Get funded</Link>
          </Button>
        }
      />
    )
  } else {
    body = (
      <QuoteStoreContext value={store}>
        <LiveTerminal accounts={accounts.data} />
      </QuoteStoreContext>
    )
  }

  return (
    <div className="min-w-0">
      <PageHeader
        title="Trading Terminal"
        description="Trade your challenge accounts. Accounts, prices and fills are simulated."
      />
      {body}
    </div>
  )
}
