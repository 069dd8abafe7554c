import type {
  Mt4ClosedTransaction,
  Mt4StatementSpec,
  Mt5ReportSpec,
} from '../support/statement-files'

// Histories with known trades for the statement tests: the rows an MT4 statement and an MT5
// report are made of, and the summaries worked out by hand from contracts/statement-report.md.

export const mt4Closed: Mt4ClosedTransaction[] = [
  { kind: 'balance', ticket: 1001, time: '2024.03.11 09:00:00', amount: 1000, comment: 'Deposit' },
  {
    kind: 'cancelled',
    ticket: 1002,
    openTime: '2024.03.11 09:05:00',
    type: 'buy limit',
    size: 0.5,
    item: 'eurusd',
    price: 1.0812,
    closeTime: '2024.03.11 09:40:00',
    marketPrice: 1.0841,
  },
  {
    kind: 'trade',
    ticket: 1003,
    openTime: '2024.03.11 10:00:00',
    type: 'sell',
    size: 0.1,
    item: 'eurusd',
    openPrice: 1.0925,
    sl: 1.0945,
    tp: 1.09,
    closeTime: '2024.03.11 12:00:00',
    closePrice: 1.09,
    profit: 25,
    comment: '[tp]',
  },
  {
    kind: 'trade',
    ticket: 1004,
    openTime: '2024.03.11 11:00:00',
    type: 'buy',
    size: 0.02,
    item: 'xauusd',
    openPrice: 2170.35,
    closeTime: '2024.03.12 09:30:00',
    closePrice: 2178,
    commission: -1.4,
    swap: -0.62,
    profit: 15.3,
    digits: 2,
  },
  {
    kind: 'trade',
    ticket: 1005,
    openTime: '2024.03.11 11:30:00',
    type: 'buy',
    size: 0.08,
    item: 'usdjpy',
    openPrice: 147.52,
    closeTime: '2024.03.11 11:45:00',
    closePrice: 147.298,
    profit: -12,
    digits: 3,
  },
  // a partial close: 0.10 of 0.30 closed, the remaining 0.20 goes on under ticket 1009
  {
    kind: 'trade',
    ticket: 1006,
    openTime: '2024.03.12 10:00:00',
    type: 'sell',
    size: 0.1,
    item: 'eurusd',
    openPrice: 1.0951,
    closeTime: '2024.03.12 11:00:00',
    closePrice: 1.0871,
    profit: 8,
    comment: 'to #1009',
  },
  { kind: 'credit', ticket: 1007, time: '2024.03.12 11:10:00', amount: 200, comment: 'Bonus' },
  {
    kind: 'balance',
    ticket: 1008,
    time: '2024.03.12 12:00:00',
    amount: -100,
    comment: 'Withdrawal',
  },
  {
    kind: 'trade',
    ticket: 1009,
    openTime: '2024.03.12 10:00:00',
    type: 'sell',
    size: 0.2,
    item: 'eurusd',
    openPrice: 1.0951,
    closeTime: '2024.03.12 15:00:00',
    closePrice: 1.1101,
    profit: -30,
    comment: 'from #1006',
  },
  {
    kind: 'trade',
    ticket: 1010,
    openTime: '2024.03.13 08:00:00',
    type: 'buy',
    size: 0.01,
    item: 'eurusd',
    openPrice: 1.0899,
    closeTime: '2024.03.13 08:05:00',
    closePrice: 1.0899,
    profit: 0,
  },
  {
    kind: 'trade',
    ticket: 1011,
    openTime: '2024.03.13 09:00:00',
    type: 'sell',
    size: 0.05,
    item: 'xauusd',
    openPrice: 2161.4,
    closeTime: '2024.03.13 10:00:00',
    closePrice: 2159.4,
    taxes: -0.5,
    profit: 10,
    digits: 2,
  },
]

export const mt4Spec: Mt4StatementSpec = {
  account: { login: '8800123', name: 'Anna Schmidt', currency: 'USD' },
  closed: mt4Closed,
  openTrades: [
    {
      ticket: 1012,
      openTime: '2024.03.13 11:00:00',
      type: 'buy',
      size: 0.1,
      item: 'eurusd',
      openPrice: 1.0887,
      marketPrice: 1.0893,
      swap: -0.3,
      profit: 6,
    },
  ],
  workingOrders: [
    {
      ticket: 1013,
      openTime: '2024.03.13 11:30:00',
      type: 'sell stop',
      size: 0.2,
      item: 'eurusd',
      price: 1.085,
      marketPrice: 1.0893,
    },
  ],
  margin: 21.77,
}

// Close order: 1005 -12.00 | 1003 +25.00 | 1004 +13.28 | 1006 +8.00 | 1009 -30.00 | 1010 0.00 |
// 1011 +9.50. The curve starts at the first deposit (1 000.00): 988.00, 1 013.00, 1 026.28,
// 1 034.28, 1 004.28, 1 004.28, 1 013.78; the later withdrawal and credit are not on it.
export const mt4ExpectedSummary = {
  totalNetProfit: 13.78,
  grossProfit: 55.78,
  grossLoss: -42,
  profitFactor: 1.33, // 55.78 / 42 = 1.328...
  expectedPayoff: 1.97, // 13.78 / 7 = 1.968...
  absoluteDrawdown: 12,
  maximalDrawdown: 30,
  maximalDrawdownPercent: 2.9, // 30 / 1 034.28
  relativeDrawdownPercent: 2.9,
  relativeDrawdown: 30,
  totalTrades: 7,
  shortTrades: 4,
  shortTradesWonPercent: 75,
  longTrades: 3,
  longTradesWonPercent: 66.67, // the zero result is a win
  profitTrades: 5,
  lossTrades: 2,
  largestProfitTrade: 25,
  largestLossTrade: -30,
  averageProfitTrade: 11.16, // 55.78 / 5 = 11.156
  averageLossTrade: -21,
  maxConsecutiveWins: 3,
  maxConsecutiveWinsAmount: 46.28,
  maxConsecutiveLosses: 1, // two runs of one loss: the larger loss is reported
  maxConsecutiveLossesAmount: -30,
  maximalConsecutiveProfit: 46.28,
  maximalConsecutiveProfitCount: 3,
  maximalConsecutiveLoss: -30,
  maximalConsecutiveLossCount: 1,
}

/**
 * An MT5 report (hedging account): a deposit, four closed positions (one closed in two parts,
 * one with a zero result, one with an entry commission, one with a fee), credit, a withdrawal, a
 * cancelled order and a position still open. Deals are numbered from 1000 in time order:
 * 1000 deposit, 1001 in #5001, 1002 in #5002, 1003 out #5001, 1004 out #5002 (0.10), 1005 in
 * #5003, 1006 credit, 1007 out #5003, 1008 out #5002 (0.20), 1009 withdrawal, 1010 in #5004,
 * 1011 out #5004, 1012 in #5006.
 */
export const mt5Spec: Mt5ReportSpec = {
  account: { login: '51002003', name: 'Jonas Weber', currency: 'USD', server: 'Tradepeak-Demo' },
  operations: [
    { kind: 'balance', time: '2024.05.06 08:00:00', amount: 10_000, comment: 'Deposit' },
    { kind: 'credit', time: '2024.05.06 12:10:00', amount: 500, comment: 'Credit' },
    { kind: 'balance', time: '2024.05.06 13:30:00', amount: -1000, comment: 'Withdrawal' },
  ],
  positions: [
    {
      position: 5001,
      symbol: 'EURUSD',
      type: 'buy',
      volume: 1,
      openTime: '2024.05.06 09:00:00',
      openPrice: 1.075,
      entryCommission: -3.5,
      exits: [
        { time: '2024.05.06 10:00:00', volume: 1, price: 1.0762, profit: 120, commission: -3.5 },
      ],
    },
    {
      position: 5002,
      symbol: 'XAUUSD',
      type: 'sell',
      volume: 0.3,
      openTime: '2024.05.06 09:30:00',
      openPrice: 2310.5,
      digits: 2,
      exits: [
        { time: '2024.05.06 11:00:00', volume: 0.1, price: 2305.5, profit: 50 },
        { time: '2024.05.06 13:00:00', volume: 0.2, price: 2315.5, profit: -200, swap: -1.2 },
      ],
    },
    {
      position: 5003,
      symbol: 'USDJPY',
      type: 'buy',
      volume: 0.5,
      openTime: '2024.05.06 12:00:00',
      openPrice: 153.9,
      digits: 3,
      exits: [{ time: '2024.05.06 12:30:00', volume: 0.5, price: 153.9, profit: 0 }],
    },
    {
      position: 5004,
      symbol: 'EURUSD',
      type: 'sell',
      volume: 0.2,
      openTime: '2024.05.06 14:00:00',
      openPrice: 1.077,
      exits: [{ time: '2024.05.06 15:00:00', volume: 0.2, price: 1.0765, profit: 10, fee: -0.4 }],
    },
    {
      position: 5006,
      symbol: 'EURUSD',
      type: 'buy',
      volume: 0.1,
      openTime: '2024.05.06 16:00:00',
      openPrice: 1.0765,
      exits: [],
      marketPrice: 1.077,
      floatingProfit: 5,
    },
  ],
  cancelledOrders: [
    {
      order: 5005,
      openTime: '2024.05.06 14:10:00',
      symbol: 'EURUSD',
      type: 'buy limit',
      volume: 0.3,
      price: 1.07,
      time: '2024.05.06 15:10:00',
    },
  ],
  margin: 21.54,
  firstDeal: 1000,
}

// Exit deals in time order: 1003 +116.50 (long; the entry commission is not in it) | 1004 +50.00
// (short) | 1007 0.00 (long) | 1008 -201.20 (short) | 1011 +9.60 (short). The curve is the
// report's balance column after the deposit: 9 996.50 (entry commission), ..., 10 163.00 (peak),
// 9 961.80, 8 961.80 (the withdrawal is on MT5's curve), 8 971.40.
export const mt5ExpectedSummary = {
  totalNetProfit: -25.1,
  grossProfit: 176.1,
  grossLoss: -201.2,
  profitFactor: 0.88, // 176.10 / 201.20 = 0.875...
  expectedPayoff: -5.02,
  absoluteDrawdown: 1038.2, // 10 000.00 - 8 961.80
  maximalDrawdown: 1201.2, // 10 163.00 - 8 961.80
  maximalDrawdownPercent: 11.82,
  relativeDrawdownPercent: 11.82,
  relativeDrawdown: 1201.2,
  totalTrades: 5,
  shortTrades: 3,
  shortTradesWonPercent: 66.67,
  longTrades: 2,
  longTradesWonPercent: 100,
  profitTrades: 4,
  lossTrades: 1,
  largestProfitTrade: 116.5,
  largestLossTrade: -201.2,
  averageProfitTrade: 44.03, // 176.10 / 4 = 44.025, half up
  averageLossTrade: -201.2,
  maxConsecutiveWins: 3,
  maxConsecutiveWinsAmount: 166.5,
  maxConsecutiveLosses: 1,
  maxConsecutiveLossesAmount: -201.2,
  maximalConsecutiveProfit: 166.5,
  maximalConsecutiveProfitCount: 3,
  maximalConsecutiveLoss: -201.2,
  maximalConsecutiveLossCount: 1,
}
