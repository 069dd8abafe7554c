import { IncrementalEvaluator, type RulebookInput, type Verdict } from '@tp/domain'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Database } from '../src/db/client'
import type { TradingAccountRow } from '../src/db/schema'
import type {
  AccountEvent,
  AccountEventListener,
  TradingPlatform,
} from '../src/integrations/trading-platform/trading-platform'
import type { Logger } from '../src/lib/logger'
import { RiskMonitor } from '../src/risk/risk-monitor'

// The risk monitor feeds the exact evaluator only the equity events its screen lets through (the
// balance moved, a trade event, equity outside the evaluator's band, the 5-minute curve) and holds
// a run of new day lows to record only the lowest. Whatever the rulebook and the path, the verdict
// it reaches is the verdict of an evaluator fed every single event: the same status, breach (rule,
// instant, equity, floor), pass instant, day rows (anchors, floors, lowest equity, closed profit)
// and objectives' days and best day. (The profit target's "value now" is the last snapshot's, so
// it may lag by design; the property compares everything the rules judge.)

const START_MS = Date.parse('2026-11-18T15:00:00Z')
const INITIAL_CENTS = 10_000_000

const rulebookArb: fc.Arbitrary<RulebookInput> = fc.record({
  initialBalance: fc.constant(100_000),
  dayReset: fc.constantFrom(
    { timeZone: 'America/New_York', time: '17:00' },
    { timeZone: 'Europe/London', time: '00:30' },
  ),
  profitTarget: fc.option(
    fc.record({
      percent: fc.constantFrom(1, 2.5, 5),
      basis: fc.constantFrom('balance' as const, 'equity' as const),
      requireFlat: fc.boolean(),
    }),
  ),
  dailyLoss: fc.option(
    fc.record({
      percent: fc.constantFrom(2, 4.5, 6),
      of: fc.constantFrom('initial' as const, 'anchor' as const),
      anchor: fc.constantFrom('balance' as const, 'equity' as const, 'max-balance-equity' as const),
      action: fc.constantFrom('breach' as const, 'pause' as const),
    }),
  ),
  maxLoss: fc.option(
    fc.record({
      percent: fc.constantFrom(3, 8, 12),
      mode: fc.constantFrom(
        'static' as const,
        'trailing-eod-balance' as const,
        'trailing-balance' as const,
        'trailing-equity' as const,
      ),
      lockAtInitial: fc.boolean(),
    }),
  ),
  minTradingDays: fc.constantFrom(0, 1, 2),
  tradingDay: fc.constantFrom('opened' as const, 'opened-and-closed' as const),
  bestDayPercent: fc.constantFrom(null, 60),
})

type Step =
  | { kind: 'tick'; dtMs: number; moveCents: number }
  | { kind: 'open'; dtMs: number }
  | { kind: 'close'; dtMs: number }

// mostly seconds apart (the screen's case: within the 5-minute curve), sometimes across resets
const dtArb = fc.oneof(
  { weight: 12, arbitrary: fc.noBias(fc.integer({ min: 1, max: 5_000 })) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 20 * 60_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 30 * 3_600_000 }) },
)
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      dtMs: dtArb,
      moveCents: fc.noBias(fc.integer({ min: -150_000, max: 150_000 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('open' as const), dtMs: dtArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), dtMs: dtArb }) },
)

/** What the rules judge of a verdict (see above). */
function judged(verdict: Verdict) {
  return {
    status: verdict.status,
    breach: verdict.breach,
    passedAt: verdict.passedAt,
    days: verdict.days,
    target: verdict.objectives.profitTarget.target,
    minTradingDays: verdict.objectives.minTradingDays,
    bestDay: verdict.objectives.bestDay,
  }
}

/** The same path through an evaluator fed every event, in the monitor's time order. */
class Reference {
  readonly evaluator: IncrementalEvaluator
  constructor(rules: RulebookInput) {
    this.evaluator = IncrementalEvaluator.start(
      rules,
      START_MS,
      INITIAL_CENTS / 100,
      INITIAL_CENTS / 100,
    )
  }
  private balance = INITIAL_CENTS
  private equity = INITIAL_CENTS

  private crossResets(tMs: number) {
    const e = this.evaluator
    while (e.status === 'active' && tMs >= e.currentDay.endMs) {
      e.snapshot(e.currentDay.endMs, this.balance / 100, this.equity / 100)
    }
  }
  snapshot(tMs: number, balance: number, equity: number) {
    this.crossResets(tMs)
    this.balance = balance
    this.equity = equity
    const { lastEventMs, lastSnapshotMs } = this.evaluator.timeline
    this.evaluator.snapshot(
      Math.max(tMs, lastEventMs, lastSnapshotMs + 1),
      balance / 100,
      equity / 100,
    )
  }
  private tradeTime(tMs: number) {
    this.crossResets(tMs)
    const { lastEventMs, startMs } = this.evaluator.timeline
    return Math.max(tMs, lastEventMs, startMs + 1)
  }
  opened(id: string, tMs: number) {
    this.evaluator.tradeOpened(id, this.tradeTime(tMs))
  }
  closed(id: string, tMs: number, netCents: number) {
    this.evaluator.tradeClosed(id, this.tradeTime(tMs), netCents / 100)
  }
}

/**
 * The monitor fed `steps` for `accounts` accounts at once, interleaved event by event (account k
 * moves by the step's amount times MOVE_FACTORS[k]), beside an evaluator per account fed every
 * event. The first account's figures, and every account's verdicts.
 */
async function screenedAndFull(rules: RulebookInput, steps: Step[], accounts = 1) {
  let listener: AccountEventListener = () => {}
  let nowMs = START_MS
  const platform = {
    subscribe(next: AccountEventListener) {
      listener = next
      return () => {}
    },
    listPositions: async () => [],
    getAccountInfo: async () => {
      throw new Error('not used')
    },
  } as unknown as TradingPlatform
  // the monitor's writes go nowhere: this is about what it feeds the evaluator
  const db = {
    select: () => ({ from: () => ({ where: async () => [] }) }),
    execute: async () => ({ rows: [] }),
  } as unknown as Database
  const logger = { error() {}, warn() {}, info() {} } as unknown as Logger
  const monitor = new RiskMonitor({
    db,
    platform,
    logger,
    now: () => nowMs,
    hooks: { onBreach() {}, onPass() {}, onMetersChanged() {} },
    rulesOf: () => rules,
  })
  await monitor.start()
  const books = []
  for (let k = 0; k < accounts; k++) {
    const row = {
      id: `00000000-0000-4000-8000-00000000010${k}`,
      externalId: `sim-${k}`,
      userId: '00000000-0000-4000-8000-000000000002',
      planKey: 'twoPhase.phase1',
      rulebookVersion: 'v1',
      sizeK: 100,
      initialBalance: INITIAL_CENTS,
    } as TradingAccountRow
    books.push({
      externalId: row.externalId!,
      index: accounts > 1 ? accounts - k : undefined,
      factor: MOVE_FACTORS[k]!,
      monitored: await monitor.track(row, START_MS),
      reference: new Reference(rules),
      balance: INITIAL_CENTS,
      floating: 0,
      openId: null as string | null,
    })
  }

  let tMs = START_MS
  let tickets = 0
  for (const step of steps) {
    tMs += step.dtMs
    nowMs = tMs
    for (const book of books) {
      const { reference } = book
      const emit = (event: AccountEvent) => listener(book.externalId, event)
      const equityEvent = () => {
        const equity = book.balance + book.floating
        // several accounts: with the platform's index of each (the monitor's lookup by number)
        emit({ type: 'equity', tMs, balance: book.balance, equity, index: book.index })
        reference.snapshot(tMs, book.balance, equity)
      }
      if (step.kind === 'tick') {
        if (book.openId === null) continue
        book.floating += Math.round(step.moveCents * book.factor)
        equityEvent()
      } else if (step.kind === 'open' && book.openId === null) {
        const openId = (book.openId = String(++tickets))
        emit({
          type: 'position-opened',
          tMs,
          position: {
            id: openId,
            symbol: 'EURUSD',
            side: 'buy',
            volume: 100,
            openPrice: 1,
          } as never,
        })
        reference.opened(openId, tMs)
        equityEvent()
      } else if (step.kind === 'close' && book.openId !== null) {
        const net = book.floating
        emit({
          type: 'position-closed',
          tMs,
          trade: {} as never,
          totals: {
            positionId: book.openId,
            symbol: 'EURUSD',
            side: 'buy',
            volume: 100,
            openPrice: 1,
            openTimeMs: tMs,
            closePrice: 1,
            closeTimeMs: tMs,
            profit: net,
            swap: 0,
            commission: 0,
          },
        })
        reference.closed(book.openId, tMs, net)
        book.balance += net
        book.floating = 0
        book.openId = null
        equityEvent()
      }
    }
  }
  await monitor.stop()
  const verdicts = books.map((book) => ({
    screened: book.monitored.evaluator.verdict(),
    full: book.reference.evaluator.verdict(),
  }))
  return { ...verdicts[0]!, ledgerRows: books[0]!.monitored.seq, verdicts }
}

/** how each of several accounts judged at once moves with a step: its own path */
const MOVE_FACTORS = [1, -1, 0.5, -1.7]

describe('the risk monitor screen', () => {
  it('never misses what the rules judge: the verdict equals that of every event fed', async () => {
    await fc.assert(
      fc.asyncProperty(
        rulebookArb,
        fc.array(stepArb, { minLength: 1, maxLength: 200 }),
        async (rules, steps) => {
          const { screened, full } = await screenedAndFull(rules, steps)
          expect(judged(screened)).toEqual(judged(full))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('judges accounts interleaved event by event each as an evaluator fed its every event', async () => {
    // one monitor, several accounts on their own paths: what it keeps per account (its screen
    // record, decision 0027) never mixes them
    await fc.assert(
      fc.asyncProperty(
        rulebookArb,
        fc.array(stepArb, { minLength: 1, maxLength: 150 }),
        async (rules, steps) => {
          const { verdicts } = await screenedAndFull(rules, steps, MOVE_FACTORS.length)
          for (const { screened, full } of verdicts) expect(judged(screened)).toEqual(judged(full))
        },
      ),
      { numRuns: 100 },
    )
  })

  it('feeds far fewer snapshots than it sees on a quiet path, and still breaches on the tick', async () => {
    const rules: RulebookInput = {
      initialBalance: 100_000,
      dayReset: { timeZone: 'America/New_York', time: '17:00' },
      profitTarget: { percent: 10, basis: 'balance', requireFlat: true },
      dailyLoss: { percent: 6, of: 'initial', anchor: 'max-balance-equity', action: 'breach' },
      maxLoss: { percent: 12, mode: 'trailing-eod-balance', lockAtInitial: true },
      minTradingDays: 5,
      tradingDay: 'opened',
      bestDayPercent: null,
    }
    // 400 ticks a second apart wandering within +-$500, then one at -$6,000 (the daily floor)
    const steps: Step[] = [{ kind: 'open', dtMs: 1_000 }]
    for (let i = 0; i < 400; i++) {
      steps.push({ kind: 'tick', dtMs: 1_000, moveCents: i % 2 === 0 ? -50_000 : 50_000 })
    }
    steps.push({ kind: 'tick', dtMs: 1_000, moveCents: -600_000 })
    const { screened, full, ledgerRows } = await screenedAndFull(rules, steps)
    expect(screened.status).toBe('failed')
    expect(judged(screened)).toEqual(judged(full))
    expect(screened.breach).toMatchObject({ rule: 'dailyLoss', equity: 94_000, floor: 94_000 })
    // the start, the open and the tick after it, the held low, one curve point, the breach
    expect(ledgerRows).toBeLessThanOrEqual(8)
  })

  it('raises a trailing-equity floor on a new high it sees between records', async () => {
    const rules: RulebookInput = {
      initialBalance: 100_000,
      dayReset: { timeZone: 'America/New_York', time: '17:00' },
      profitTarget: null,
      dailyLoss: null,
      maxLoss: { percent: 3, mode: 'trailing-equity', lockAtInitial: false },
      minTradingDays: 0,
      tradingDay: 'opened',
      bestDayPercent: null,
    }
    // up $1,500 ten times a second apart (high-water $115,000, floor $112,000), then down to $112,000
    const steps: Step[] = [{ kind: 'open', dtMs: 1_000 }]
    for (let i = 0; i < 10; i++) steps.push({ kind: 'tick', dtMs: 1_000, moveCents: 150_000 })
    steps.push({ kind: 'tick', dtMs: 1_000, moveCents: -300_000 })
    const { screened, full } = await screenedAndFull(rules, steps)
    expect(full.breach).toMatchObject({ rule: 'maxLoss', equity: 112_000, floor: 112_000 })
    expect(judged(screened)).toEqual(judged(full))
  })
})
