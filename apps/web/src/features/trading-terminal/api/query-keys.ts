import { tradingAccountsQueryKey } from '@/lib/trading-accounts'

// Query keys of the terminal, in one place: the stream and the mutations write into the same
// cache entries the queries read (the accounts list is the shared one of lib/trading-accounts).
export const tradingQueryKeys = {
  accounts: tradingAccountsQueryKey,
  account: (accountId: string) => ['trading', 'account', accountId] as const,
  history: (accountId: string) => ['trading', 'history', accountId] as const,
  quotes: ['market', 'quotes'] as const,
  bars: (symbol: string, timeframe: string) => ['market', 'bars', symbol, timeframe] as const,
}

/** The path of one account's endpoints. */
export const accountPath = (accountId: string) =>
  `/trading/accounts/${encodeURIComponent(accountId)}`
