import type {
  AnalysisDataDto,
  MetaStatsVisualStatsResponse,
  MetaStatsVisualTradesResponse,
  RecentTradeDto,
  TotalStatsDto,
} from '@tp/api/analytics'
import { terminalDownloadLinks, weekdayNames } from '@tp/api/analytics'
import { json, type Handler, type RecordedCall } from '@/testing/mock-api'
import { accountId } from '@/testing/trading-accounts'

// The metaStats answers (spec 7) of one account, in the shared schemas' shape, for the dashboard's
// tests. Every figure here is what a test expects to read on the screen.

export function makeTotalStats(overrides: Partial<TotalStatsDto> = {}): TotalStatsDto {
  return {
    accountId,
    currency: 'USD',
    version: 3,
    balance: 10_123_456,
    equity: 10_098_700,
    profit: 123_456,
    todayProfit: -4_210,
    todayTrades: 2,
    todayWinRate: 50,
    totalTrades: 12,
    winTrades: 7,
    avgHoldTime: 8_100_000, // 2 h 15 min
    successRate: 58.33,
    ...overrides,
  }
}

export function makeAnalysis(overrides: Partial<AnalysisDataDto> = {}): AnalysisDataDto {
  return {
    accountId,
    currency: 'USD',
    version: 3,
    status: 'Phase 1 is in progress',
    challengeType: 'twoPhase',
    stage: 'phase1',
    start: '2025-06-02T09:00:00.000Z',
    end: null,
    accountSize: 10_000_000,
    platform: terminalDownloadLinks.mt5,
    updated: '2025-06-05T14:30:00.000Z',
    minTradingDays: 5,
    dailyLossLimit: 6,
    maxDrawDown: 12,
    profitTarget: 1_000_000,
    initBalance: 10_000_000,
    balance: 10_123_456,
    equity: 10_098_700,
    profit: 123_456,
    createdAt: '2025-06-02T09:00:00.000Z',
    updatedAt: '2025-06-05T14:30:00.000Z',
    mtAccount: {
      status: 'active',
      platform: 'mt5',
      platformLabel: 'Simulated MT5',
      challengeType: 'twoPhase',
      login: '1001234',
    },
    verdict: 'active',
    objectives: [
      {
        key: 'profitTarget',
        label: 'Profit target 10%',
        unit: 'amount',
        target: 1_000_000,
        result: 123_456,
        state: 'inProgress',
        summary: 'In progress',
      },
      {
        key: 'minTradingDays',
        label: 'Minimum 5 trading days',
        unit: 'days',
        target: 5,
        result: 5,
        state: 'passed',
        summary: 'Passed',
      },
      {
        key: 'dailyLoss',
        label: 'Daily loss limit 6%',
        unit: 'percent',
        target: 6,
        result: 6.5,
        state: 'failed',
        summary: 'Loss Exceeded',
      },
    ],
    ...overrides,
  }
}

export function makeTrades(): RecentTradeDto[] {
  return [
    {
      id: 'deal-2',
      symbol: 'XAUUSD',
      type: 'sell',
      volume: 50,
      openPrice: 235_000,
      closePrice: 233_840,
      profit: 58_000,
      openTime: '2025-06-04T10:00:00.000Z',
      closeTime: '2025-06-04T11:15:00.000Z',
    },
    {
      id: 'deal-1',
      symbol: 'EURUSD',
      type: 'buy',
      volume: 200,
      openPrice: 108_500,
      closePrice: 108_740,
      profit: 48_000,
      openTime: '2025-06-03T08:00:00.000Z',
      closeTime: '2025-06-03T10:30:00.000Z',
    },
  ]
}

export function makeVisualStats(
  overrides: Partial<MetaStatsVisualStatsResponse['data']> = {},
): MetaStatsVisualStatsResponse['data'] {
  return {
    accountId,
    currency: 'USD',
    version: 3,
    won_lost: { won: 7, lost: 5, winRate: 58.33 },
    trades_by_week: weekdayNames.map((name, index) => ({
      name,
      wonProfit: index === 1 ? 58_000 : 0,
      lostProfit: index === 2 ? -13_000 : 0,
    })),
    trades_by_hour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      wonProfit: hour === 10 ? 58_000 : 0,
      lostProfit: hour === 14 ? -13_000 : 0,
    })),
    ...overrides,
  }
}

export function makeVisualTrades(
  index: 'month' | 'week' | 'year' = 'month',
): MetaStatsVisualTradesResponse['data'] {
  return {
    accountId,
    currency: 'USD',
    version: 3,
    index,
    finalResult:
      index === 'year'
        ? [{ date: '2025-06', profit: 106_000, loss: -13_000 }]
        : [
            { date: '2025-06-03', profit: 48_000, loss: 0 },
            { date: '2025-06-04', profit: 58_000, loss: -13_000 },
          ],
    tradesByTimeRange: [
      { range: '1h-4h', totalProfit: 106_000 },
      { range: '4h-1d', totalProfit: -13_000 },
    ],
    tradesBySymbol: [
      { symbol: 'EURUSD', totalProfit: 48_000 },
      { symbol: 'XAUUSD', totalProfit: 45_000 },
    ],
    tradesByPositionSizes: [
      { positionSize: 50, totalProfit: 45_000 },
      { positionSize: 200, totalProfit: 48_000 },
    ],
    tradesByType: [
      { type: 'long', tradeCount: 1, totalProfit: 48_000 },
      { type: 'short', tradeCount: 1, totalProfit: 45_000 },
    ],
  }
}

const bodyOf = (call: RecordedCall) => call.body as { accountId: string; index?: string }

/** The five metaStats routes answering the fixtures above (each replaceable). */
export function analyticsHandlers(
  overrides: Record<string, Handler> = {},
): Record<string, Handler> {
  return {
    'POST /api/metaStats/total-stats': (call) =>
      json(200, { data: { data: makeTotalStats({ accountId: bodyOf(call).accountId }) } }),
    'POST /api/metaStats/update-analysis': (call) =>
      json(200, { data: { analysisData: makeAnalysis({ accountId: bodyOf(call).accountId }) } }),
    'POST /api/metaStats/trades': (call) =>
      json(200, {
        data: {
          accountId: bodyOf(call).accountId,
          currency: 'USD',
          version: 3,
          trades: makeTrades(),
        },
      }),
    'POST /api/metaStats/visual-stats': (call) =>
      json(200, { data: { ...makeVisualStats(), accountId: bodyOf(call).accountId } }),
    'POST /api/metaStats/visual-trades': (call) => {
      const index = (bodyOf(call).index ?? 'month') as 'month' | 'week' | 'year'
      return json(200, { data: { ...makeVisualTrades(index), accountId: bodyOf(call).accountId } })
    },
    ...overrides,
  }
}
