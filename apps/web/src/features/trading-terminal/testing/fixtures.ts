import type {
  AccountState,
  PendingOrderDto,
  PositionDto,
  QuoteDto,
  TradingAccountDto,
} from '@tp/api'
import { json, makeUser, mockApi, type Handler } from '@/testing/mock-api'
import {
  accountId,
  makeAccount,
  makeMeters,
  makeState,
  nextAccountId,
  otherAccountId,
} from '@/testing/trading-accounts'

// Test data of the terminal, valid by the contract (every state is parsed with its schema, so a
// fixture cannot drift from packages/api/src/trading.ts), and the API table a terminal test starts
// from.

export { accountId, makeAccount, makeMeters, makeState, nextAccountId, otherAccountId }

export const trader = makeUser()
export const streamUserId = '3f2504e0-4f89-41d3-9a0c-0305e82c3301'

/** Wednesday 11 June 2025, 12:00 UTC (08:00 New York): every market is open. */
export const WEDNESDAY_NOON_UTC = Date.parse('2025-06-11T12:00:00.000Z')
/** Saturday 14 June 2025, 12:00 UTC: forex is closed, crypto trades. */
export const SATURDAY_NOON_UTC = Date.parse('2025-06-14T12:00:00.000Z')

export function makePosition(overrides: Partial<PositionDto> = {}): PositionDto {
  return {
    id: '5001',
    symbol: 'EURUSD',
    side: 'buy',
    volume: 50,
    openPrice: 108_300,
    openTime: '2025-06-11T10:00:00.000Z',
    stopLoss: null,
    takeProfit: null,
    currentPrice: 108_350,
    profit: 2_500,
    swap: 0,
    commission: -175,
    margin: 180_500,
    ...overrides,
  }
}

export function makeOrder(overrides: Partial<PendingOrderDto> = {}): PendingOrderDto {
  return {
    id: '7001',
    symbol: 'EURUSD',
    type: 'buy-limit',
    volume: 20,
    price: 108_000,
    stopLoss: null,
    takeProfit: null,
    createdAt: '2025-06-11T11:00:00.000Z',
    ...overrides,
  }
}

export function quote(
  symbol: QuoteDto['symbol'],
  bid: number,
  ask: number,
  t = WEDNESDAY_NOON_UTC,
) {
  return { symbol, bid, ask, t } satisfies QuoteDto
}

/** The market of the tests: EURUSD 1.08350/1.08352, USDJPY 150.000/150.004, EURJPY, gold. */
export const testQuotes: QuoteDto[] = [
  quote('EURUSD', 108_350, 108_352),
  quote('USDJPY', 150_000, 150_004),
  quote('EURJPY', 162_750, 162_760),
  quote('XAUUSD', 235_000, 235_020),
]

export type TerminalApiOptions = {
  accounts?: TradingAccountDto[]
  states?: AccountState[]
  quotes?: QuoteDto[]
  handlers?: Record<string, Handler>
}

/** The API of a terminal test: accounts, their states, quotes, no bars, no history. */
export function terminalApi(options: TerminalApiOptions = {}) {
  const states = options.states ?? [makeState()]
  // the owner's list carries the credentials an account state leaves out
  const accounts = options.accounts ?? states.map((state) => makeAccount(state.account))
  const stateHandlers = Object.fromEntries(
    states.flatMap((state): [string, Handler][] => [
      [`GET /api/trading/accounts/${state.account.id}`, () => json(200, state)],
      [
        `GET /api/trading/accounts/${state.account.id}/history`,
        () => json(200, { trades: [], hasMore: false }),
      ],
    ]),
  )
  return mockApi(
    {
      'GET /api/trading/accounts': () => json(200, { accounts }),
      'GET /api/market/quotes': () =>
        json(200, { quotes: options.quotes ?? testQuotes, markets: [] }),
      'GET /api/market/bars': (call) =>
        json(200, {
          symbol: call.search.get('symbol'),
          timeframe: call.search.get('timeframe'),
          bars: [],
        }),
      ...stateHandlers,
      ...options.handlers,
    },
    { user: trader },
  )
}
