import { useQueryClient } from '@tanstack/react-query'
import { Wallet } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { TradingAccountDto } from '@tp/api'
import { instrumentSymbols, isInstrumentSymbol } from '@tp/domain'
import { PageHeader } from '@/components/page-header'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { paths } from '@/config/paths'
import { usePersistedState } from '@/hooks/use-persisted-state'
import { getErrorMessage } from '@/lib/api-client'
import { useTradingAccounts } from '@/lib/trading-accounts'
import { useAccountState } from '../api/get-account-state'
import { useQuotesSnapshot } from '../api/get-quotes'
import { tradingQueryKeys } from '../api/query-keys'
import { useLimitWarningToasts } from '../hooks/use-limit-warning-toasts'
import { QuoteStoreContext, useQuoteStore } from '../hooks/use-quotes'
import { useTradingStream, type StreamStatus } from '../hooks/use-trading-stream'
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
      return (
        <Alert variant="error">
          <p>{getErrorMessage(state.error)}</p>
          <Button variant="link" onClick={() => void state.refetch()}>
            Try again
          </Button>
        </Alert>
      )
    }
    return <TerminalSkeleton />
  }

  const data = state.data
  return (
    <div className="grid grid-cols-1 gap-4">
      <AccountBar state={data} streamStatus={streamStatus} />
      <AccountStatus state={data} onSwitchAccount={onSwitchAccount} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,1fr)_22rem] 2xl:grid-cols-[15rem_minmax(0,1fr)_22rem]">
        <SymbolList
          selected={symbol}
          onSelect={setSymbol}
          className="self-start xl:col-start-2 xl:row-start-4 2xl:col-start-1 2xl:row-span-4 2xl:row-start-1"
        />
        <PriceChart
          symbol={symbol}
          className="self-start xl:col-start-1 xl:row-start-1 2xl:col-start-2"
        />
        <div className="min-w-0 self-start xl:col-start-2 xl:row-span-2 xl:row-start-1 2xl:col-start-3">
          <OrderTicket state={data} symbol={symbol} onSymbolChange={setSymbol} />
        </div>
        <div className="min-w-0 self-start xl:col-start-2 xl:row-start-3 2xl:col-start-3 2xl:row-span-2">
          <RulePanel meters={data.meters} />
        </div>
        <TradeTabs
          state={data}
          className="self-start xl:col-start-1 xl:row-span-3 xl:row-start-2 2xl:col-start-2"
        />
      </div>
    </div>
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
    body = (
      <Alert variant="error">
        <p>{getErrorMessage(accounts.error)}</p>
        <Button variant="link" onClick={() => void accounts.refetch()}>
          Try again
        </Button>
      </Alert>
    )
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
