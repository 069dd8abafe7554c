export * from './rulebook'
export * from './history'
export * from './verdict'
export {
  AMOUNT_DECIMALS,
  AMOUNT_LIMIT,
  MICROS_PER_UNIT,
  amountSchema,
  isExactAmount,
  toMicros,
} from './amounts'
export { formatInstant, parseInstant } from './instants'
export { DayCalendar, createDayCalendar, type CalendarDay, type DayReset } from './day-calendar'
export {
  InvalidEvaluationInputError,
  evaluationInputSchema,
  parseEvaluationInput,
  type EvaluationInput,
  type InputIssue,
} from './evaluation-input'
export { evaluate } from './batch-evaluator'
export {
  IncrementalEvaluator,
  evaluateIncrementally,
  incrementalStateSchema,
  replayHistory,
  type IncrementalState,
} from './incremental-evaluator'
export { equityAlertLevels, type EquityAlertLevels } from './alert-levels'
