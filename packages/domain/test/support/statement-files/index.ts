// @tp/domain/statement/testing: MetaTrader export files made from trades a test names, for the
// unit tests, the CLI tests and the bench (docs/decisions/0004-statement-import.md). The real
// exports of ../shared/fixtures are never copied here; they are the conformance suite's.
export {
  mt4DetailedStatement,
  type GeneratedStatement,
  type Mt4BalanceRow,
  type Mt4CancelledOrder,
  type Mt4ClosedTrade,
  type Mt4ClosedTransaction,
  type Mt4OpenTrade,
  type Mt4Options,
  type Mt4StatementSpec,
  type Mt4WorkingOrder,
  type PendingType,
  type Side,
} from './mt4-detailed-statement'
export {
  mt5TradeHistoryReport,
  type Mt5BalanceOperation,
  type Mt5CancelledOrder,
  type Mt5Direction,
  type Mt5Exit,
  type Mt5Options,
  type Mt5Position,
  type Mt5ReportSpec,
} from './mt5-trade-history-report'
export {
  MT4_CODE_PAGES,
  MT4_LABELS,
  MT5_LABELS,
  type Mt4Language,
  type Mt5Language,
} from './labels'
export {
  randomMt4History,
  randomMt5History,
  seededRandom,
  type RandomHistoryOptions,
} from './random-history'
export { money, serverTime, serverTimeMs, utf8 } from './format'
