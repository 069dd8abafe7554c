import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  IncrementalEvaluator,
  createDayCalendar,
  evaluate,
  evaluateIncrementally,
  formatInstant,
  type HistoryInput,
  type RulebookInput,
  type TradeInput,
} from '../../src'

// Random rulebooks and histories, judged by the batch reference and the incremental evaluator:
// the verdicts must be deeply equal. Histories start around DST changes, cross resets (some
// snapshots land exactly on one), skip days, and carry trades opened and closed in between,
// and after the last snapshot: within its day (they fill the last row of an active evaluation),
// exactly at the next reset and beyond it (they never count).

const resets = [
  { timeZone: 'America/New_York', time: '17:00' },
  { timeZone: 'Europe/London', time: '00:30' },
  { timeZone: 'America/New_York', time: '02:30' }, // falls in the spring-forward gap
  { timeZone: 'America/New_York', time: '01:30' }, // falls in the fall-back overlap
  { timeZone: 'Europe/Berlin', time: '12:00' },
  { timeZone: 'Australia/Sydney', time: '09:15' },
]
const starts = [
  Date.parse('2026-03-05T12:00:00Z'), // New York springs forward on 2026-03-08
  Date.parse('2026-03-27T06:00:00Z'), // London and Berlin on 2026-03-29
  Date.parse('2026-10-29T18:00:00Z'), // New York falls back on 2026-11-01, Europe on 10-25
  Date.parse('2026-04-02T22:00:00Z'), // Sydney falls back on 2026-04-05
  Date.parse('2027-01-14T15:00:00Z'),
]
const percents = [1, 2.5, 4.5, 6, 10, 12, 33.333333]

const rulebookArb: fc.Arbitrary<RulebookInput> = fc.record({
  initialBalance: fc.constantFrom(5000, 10000, 100000, 12345.67),
  dayReset: fc.constantFrom(...resets),
  profitTarget: fc.option(
    fc.record({
      percent: fc.constantFrom(0.5, 1, 2.5, 5),
      basis: fc.constantFrom('balance' as const, 'equity' as const),
      requireFlat: fc.boolean(),
    }),
  ),
  dailyLoss: fc.option(
    fc.record({
      percent: fc.constantFrom(...percents),
      of: fc.constantFrom('initial' as const, 'anchor' as const),
      anchor: fc.constantFrom('balance' as const, 'equity' as const, 'max-balance-equity' as const),
      action: fc.constantFrom('breach' as const, 'pause' as const),
    }),
  ),
  maxLoss: fc.option(
    fc.record({
      percent: fc.constantFrom(...percents),
      mode: fc.constantFrom(
        'static' as const,
        'trailing-eod-balance' as const,
        'trailing-balance' as const,
        'trailing-equity' as const,
      ),
      lockAtInitial: fc.boolean(),
    }),
  ),
  minTradingDays: fc.integer({ min: 0, max: 3 }),
  tradingDay: fc.constantFrom('opened' as const, 'opened-and-closed' as const),
  bestDayPercent: fc.option(fc.constantFrom(30, 50, 80, 100), { freq: 1 }),
})

const stepArb = fc.record({
  gap: fc.oneof(
    fc.record({ unit: fc.constant('reset' as const), n: fc.constant(0) }),
    fc.record({ unit: fc.constant('minute' as const), n: fc.integer({ min: 1, max: 300 }) }),
    fc.record({ unit: fc.constant('hour' as const), n: fc.integer({ min: 1, max: 30 }) }),
    fc.record({ unit: fc.constant('day' as const), n: fc.integer({ min: 1, max: 3 }) }),
  ),
  /** balance move in micro-units (mostly whole cents, sometimes finer) */
  balanceMove: fc.oneof(
    fc.integer({ min: -200_000, max: 300_000 }).map((cents) => cents * 10_000),
    fc.integer({ min: -3_000_000_000, max: 3_000_000_000 }),
  ),
  /** floating P/L as a share of the initial balance, in basis points */
  floatingBp: fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: -150, max: 200 }) },
    { weight: 1, arbitrary: fc.integer({ min: -900, max: 0 }) },
  ),
  trade: fc.constantFrom('none', 'open', 'close', 'closeAll', 'both', 'openAtSnapshot'),
  tradeProfit: fc.integer({ min: -200_000, max: 400_000 }),
  fraction: fc.double({ min: 0, max: 1, noNaN: true }),
})

/** Trade events after the last snapshot: within its day, exactly at its reset, or later. */
const tailEventArb = fc.record({
  trade: fc.constantFrom('close' as const, 'open' as const, 'openAndClose' as const),
  at: fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        where: fc.constant('inDay' as const),
        fraction: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ where: fc.constant('atReset' as const) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        where: fc.constant('afterReset' as const),
        minutes: fc.integer({ min: 1, max: 3000 }),
      }),
    },
  ),
  /** for openAndClose: how long the trade stays open (may cross the reset) */
  minutesOpen: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 900 })),
  tradeProfit: fc.integer({ min: -200_000, max: 400_000 }),
})
const tailArb = fc.array(tailEventArb, { maxLength: 4 })

type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never
type TailEvent = typeof tailEventArb extends fc.Arbitrary<infer T> ? T : never

/** How many trades of a history close after its last snapshot, within its day and later. */
interface TailCloses {
  inDay: number
  later: number
}

function buildHistory(
  rules: RulebookInput,
  startMs: number,
  steps: Step[],
  tail: TailEvent[],
): { history: HistoryInput; tailCloses: TailCloses } {
  const calendar = createDayCalendar(rules.dayReset)
  const initialMicros = Math.round(rules.initialBalance * 1e6)
  const snapshots = [
    { t: formatInstant(startMs), balance: rules.initialBalance, equity: rules.initialBalance },
  ]
  const trades: TradeInput[] = []
  const open: TradeInput[] = []
  let balanceMicros = initialMicros
  let previousMs = startMs
  let nextId = 1
  const tradeAt = (openMs: number, closeMs: number | null, profitCents: number): TradeInput => ({
    id: String(nextId++),
    symbol: 'EURUSD',
    side: 'buy',
    volume: 1,
    openTime: formatInstant(openMs),
    closeTime: closeMs === null ? null : formatInstant(closeMs),
    openPrice: 1.1,
    closePrice: closeMs === null ? null : 1.1,
    profit: profitCents / 100,
    commission: -0.07,
    swap: 0.1,
  })

  for (const step of steps) {
    const ms =
      step.gap.unit === 'reset'
        ? calendar.nextResetAfter(previousMs)
        : previousMs +
          step.gap.n * { minute: 60_000, hour: 3_600_000, day: 86_400_000 }[step.gap.unit]
    const between = previousMs + 1 + Math.floor(step.fraction * (ms - previousMs - 1))
    if (step.trade === 'open' || step.trade === 'both' || step.trade === 'openAtSnapshot') {
      const trade = tradeAt(step.trade === 'openAtSnapshot' ? ms : between, null, step.tradeProfit)
      trades.push(trade)
      open.push(trade)
    }
    const closing =
      step.trade === 'closeAll'
        ? open.length
        : step.trade === 'close' || step.trade === 'both'
          ? 1
          : 0
    for (let i = 0; i < closing && open.length > 0; i++) {
      const trade = open.shift()!
      const openMs = Date.parse(trade.openTime)
      trade.closeTime = formatInstant(Math.max(openMs, step.trade === 'both' ? ms : between))
      trade.closePrice = 1.2
    }
    balanceMicros += step.balanceMove
    const equityMicros = balanceMicros + Math.round((initialMicros * step.floatingBp) / 10_000)
    snapshots.push({
      t: formatInstant(ms),
      balance: balanceMicros / 1e6,
      equity: equityMicros / 1e6,
    })
    previousMs = ms
  }
  // After the last snapshot: trades that close (or open) within its day count in an active
  // evaluation's last row; at the reset or later they never count.
  const lastMs = previousMs
  const dayEndMs = calendar.nextResetAfter(lastMs)
  const tailCloses: TailCloses = { inDay: 0, later: 0 }
  const close = (trade: TradeInput, closeMs: number) => {
    trade.closeTime = formatInstant(closeMs)
    trade.closePrice = 1.2
    tailCloses[closeMs < dayEndMs ? 'inDay' : 'later']++
  }
  for (const event of tail) {
    const ms =
      event.at.where === 'inDay'
        ? lastMs + 1 + Math.floor(event.at.fraction * Math.max(0, dayEndMs - lastMs - 2))
        : event.at.where === 'atReset'
          ? dayEndMs
          : dayEndMs + event.at.minutes * 60_000
    if (event.trade === 'close') {
      const trade = open.shift()
      if (trade !== undefined) close(trade, Math.max(Date.parse(trade.openTime), ms))
    } else {
      const trade = tradeAt(ms, null, event.tradeProfit)
      trades.push(trade)
      if (event.trade === 'openAndClose') close(trade, ms + event.minutesOpen * 60_000)
      else open.push(trade)
    }
  }
  return { history: { snapshots, trades }, tailCloses }
}

const caseArb = fc
  .tuple(
    rulebookArb,
    fc.constantFrom(...starts),
    fc.array(stepArb, { minLength: 0, maxLength: 40 }),
    tailArb,
  )
  .map(([rules, startMs, steps, tail]) => ({
    rules,
    ...buildHistory(rules, startMs, steps, tail),
  }))

// ~2 s on an idle core: the default 5 s timeout fails correct runs on a busy shared machine,
// and timing is never what these tests assert
const PROPERTY_TIMEOUT_MS = 60_000

describe('batch and incremental evaluators', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  it('give deeply equal verdicts on random rulebooks and histories', () => {
    const statuses = { active: 0, passed: 0, failed: 0 }
    const activeWithTail = { inDay: 0, later: 0 }
    fc.assert(
      fc.property(caseArb, ({ rules, history, tailCloses }) => {
        const batch = evaluate(rules, history)
        expect(evaluateIncrementally(rules, history)).toEqual(batch)
        statuses[batch.status]++
        if (batch.status === 'active') {
          if (tailCloses.inDay > 0) activeWithTail.inDay++
          if (tailCloses.later > 0) activeWithTail.later++
        }
      }),
      { numRuns: 400 },
    )
    // the generator must reach every outcome, or the comparison proves little
    expect(statuses.active).toBeGreaterThan(20)
    expect(statuses.passed).toBeGreaterThan(20)
    expect(statuses.failed).toBeGreaterThan(20)
    // and active evaluations whose trades close after the last snapshot, in its day and later
    expect(activeWithTail.inDay).toBeGreaterThan(20)
    expect(activeWithTail.later).toBeGreaterThan(20)
  })

  it('give the same verdict when a reset job advances the clock to every reset in between', () => {
    fc.assert(
      fc.property(caseArb, ({ rules, history }) => {
        expect(replayWithResetJobs(rules, history)).toEqual(evaluate(rules, history))
      }),
      { numRuns: 150 },
    )
  })
})

/** Feeds a history the way the server will: events in time order, `advanceTo` at each reset. */
function replayWithResetJobs(rules: RulebookInput, history: HistoryInput) {
  const [first, ...rest] = history.snapshots
  const ms = (iso: string) => Date.parse(iso)
  const lastMs = ms((rest.at(-1) ?? first!).t)
  const calendar = createDayCalendar(rules.dayReset)
  // after the last snapshot, the trade events within its day (never across its reset)
  const lastDayEndMs = calendar.nextResetAfter(lastMs)
  const events: { ms: number; order: number; apply: (e: IncrementalEvaluator) => void }[] = []
  for (const s of rest) {
    events.push({ ms: ms(s.t), order: 2, apply: (e) => e.snapshot(ms(s.t), s.balance, s.equity) })
  }
  for (const trade of history.trades ?? []) {
    const net =
      Math.round(((trade.profit ?? 0) + (trade.commission ?? 0) + (trade.swap ?? 0)) * 100) / 100
    events.push({
      ms: ms(trade.openTime),
      order: 0,
      apply: (e) => e.tradeOpened(trade.id, ms(trade.openTime)),
    })
    if (trade.closeTime) {
      const closeMs = ms(trade.closeTime)
      events.push({ ms: closeMs, order: 1, apply: (e) => e.tradeClosed(trade.id, closeMs, net) })
    }
  }
  events.sort((a, b) => a.ms - b.ms || a.order - b.order)
  const evaluator = IncrementalEvaluator.start(rules, ms(first!.t), first!.balance, first!.equity)
  for (const event of events.filter((e) => e.ms < lastDayEndMs)) {
    for (let reset = calendar.nextResetAfter(evaluator.currentDay.startMs); reset <= event.ms;) {
      evaluator.advanceTo(reset)
      reset = calendar.nextResetAfter(reset)
    }
    event.apply(evaluator)
  }
  return evaluator.verdict()
}
