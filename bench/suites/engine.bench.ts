// Rule engine figures (docs/decisions/0002-engine-numbers.md):
// - engine-incremental-snapshots-per-s: one incremental evaluator, one core, 20M snapshots a
//   second apart (a day reset every 86,400 snapshots), the product's phase-1 rulebook;
// - engine-batch-1y-history-ms: the batch evaluator (validation included) on a year of minute
//   snapshots (525,600) and 3,000 trades.
import {
  IncrementalEvaluator,
  evaluate,
  formatInstant,
  type HistoryInput,
  type RulebookInput,
  type TradeInput,
} from '@tp/domain'
import { medianMs, seededRandom, type BenchSuite } from '../support'

const rules: RulebookInput = {
  initialBalance: 100000,
  dayReset: { timeZone: 'America/New_York', time: '17:00' },
  profitTarget: { percent: 10, basis: 'balance', requireFlat: true },
  dailyLoss: { percent: 6, of: 'initial', anchor: 'max-balance-equity', action: 'breach' },
  maxLoss: { percent: 12, mode: 'trailing-eod-balance', lockAtInitial: true },
  minTradingDays: 5,
  tradingDay: 'opened',
  bestDayPercent: null,
}
const START_MS = Date.parse('2026-01-05T00:00:00Z')

/** Balances and equities in whole cents around 100,000: no breach, no pass, so every snapshot is judged. */
function accountPath(count: number, seed: number) {
  const random = seededRandom(seed)
  const balances = new Float64Array(count)
  const equities = new Float64Array(count)
  let balanceCents = 10_000_000
  for (let i = 0; i < count; i++) {
    balanceCents = Math.min(
      10_200_000,
      Math.max(9_800_000, balanceCents + Math.round((random() - 0.5) * 2000)),
    )
    balances[i] = balanceCents / 100
    equities[i] = (balanceCents + Math.round((random() - 0.5) * 100_000)) / 100
  }
  return { balances, equities }
}

function incrementalSnapshotsPerSecond(): number {
  const SNAPSHOTS = 20_000_000
  const PATH = 1 << 20
  const { balances, equities } = accountPath(PATH, 7)
  const runOnce = () => {
    const evaluator = IncrementalEvaluator.start(rules, START_MS, 100000, 100000)
    let t = START_MS
    const t0 = performance.now()
    for (let i = 1; i < SNAPSHOTS; i++) {
      const k = i & (PATH - 1)
      evaluator.snapshot((t += 1000), balances[k]!, equities[k]!)
    }
    const seconds = (performance.now() - t0) / 1000
    if (evaluator.status !== 'active') throw new Error(`bench account ended: ${evaluator.status}`)
    return (SNAPSHOTS - 1) / seconds
  }
  runOnce() // warm-up
  const rates = [runOnce(), runOnce(), runOnce()].sort((a, b) => a - b)
  return Math.round(rates[1]!)
}

function yearOfMinutes(): HistoryInput {
  const MINUTES = 525_600
  const TRADES = 3_000
  const { balances, equities } = accountPath(MINUTES, 11)
  const snapshots = Array.from({ length: MINUTES }, (_, i) => ({
    t: formatInstant(START_MS + i * 60_000),
    balance: i === 0 ? 100000 : balances[i]!,
    equity: i === 0 ? 100000 : equities[i]!,
  }))
  const random = seededRandom(13)
  const trades: TradeInput[] = Array.from({ length: TRADES }, (_, i) => {
    const openMs = START_MS + Math.floor((i + random()) * (MINUTES / TRADES)) * 60_000 + 1000
    const closeMs = openMs + Math.floor(random() * 240) * 60_000
    return {
      id: String(i + 1),
      symbol: 'EURUSD',
      side: random() < 0.5 ? 'buy' : 'sell',
      volume: 1,
      openTime: formatInstant(openMs),
      closeTime: formatInstant(closeMs),
      openPrice: 1.08,
      closePrice: 1.081,
      profit: Math.round((random() - 0.5) * 40_000) / 100,
      commission: -7,
      swap: 0,
    }
  })
  return { snapshots, trades }
}

const suite: BenchSuite = async function* () {
  yield {
    name: 'engine-incremental-snapshots-per-s',
    value: incrementalSnapshotsPerSecond(),
    unit: 'snapshots/s',
  }

  const history = yearOfMinutes()
  let status = ''
  const ms = medianMs(() => (status = evaluate(rules, history).status), 3, 1)
  if (status !== 'active') throw new Error(`bench account ended: ${status}`)
  yield { name: 'engine-batch-1y-history-ms', value: ms, unit: 'ms' }
}
export default suite
