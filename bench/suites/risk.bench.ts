// Live risk with 10,000 active accounts holding open positions, on the real app (simulated
// trading server, risk monitor, ledger in an embedded PostgreSQL):
// risk-ticks-per-s-10k-accounts: market ticks (from the seeded market model) taken through the
//   books and every concerned account's evaluator, with the ledger rows written to the database;
//   printed with the same run's pure mark-to-market of the same ticks (baseline).
// risk-breach-latency-p50-ms / -p99-ms: from the breaching tick to the breach stored (evidence,
//   failed status and ledger committed), one account at a time while the 10,000 stay loaded.
// risk-breach-latency-concurrent-p50-ms / -p99-ms: the same, with market ticks going through the
//   10,000 accounts and the monitor's timed flushes running, several breaches in flight at once.
import { createMarketState, MarketModel, type Tick } from '@tp/domain'
import { percentile, type BenchSuite } from '../support'
import { cpuMeter, ledgerRows, openRiskBench, pureMark } from './risk-support'

const ACCOUNTS = Number(process.env.BENCH_RISK_ACCOUNTS ?? 10_000)
const BREACH_SAMPLES = Number(process.env.BENCH_RISK_BREACHES ?? 200)
const CONCURRENT_BREACHES = Number(process.env.BENCH_RISK_CONCURRENT_BREACHES ?? 200)
/** breaches before measuring: the first one compiles the path, opens the mail connection... */
const BREACH_WARMUP = 5
const TICKS = Number(process.env.BENCH_RISK_TICKS ?? 20_000)
/** the tick phase stops here even if TICKS are not all through (a noisy machine) */
const TICK_SECONDS = Number(process.env.BENCH_RISK_TICK_SECONDS ?? 30)
/** concurrent phase: a breach every BREACH_EVERY_MS while ticks run */
const BREACH_EVERY_MS = 10

const suite: BenchSuite = async function* () {
  const bench = await openRiskBench(ACCOUNTS, BREACH_WARMUP + BREACH_SAMPLES + CONCURRENT_BREACHES)
  const { server, clock } = bench
  try {
    const { simulated, risk, hub } = server.ctx.trading
    const model = new MarketModel(createMarketState({ seed: 7, startMs: clock.ms }))

    // ---- ticks through 10,000 accounts --------------------------------------------------------
    const seen: { symbol: string; book: Map<string, { bid: number; ask: number }> }[] = []
    // every quote from the start: a cross converts its P/L through another symbol's quote
    const book = new Map<string, { bid: number; ask: number }>(model.quotes())
    let processed = 0
    const rowsBefore = ledgerRows(risk)
    const cpu = cpuMeter()
    const started = performance.now()
    while (processed < TICKS && performance.now() - started < TICK_SECONDS * 1000) {
      clock.ms += 1_000
      model.advance(clock.ms, (tick: Tick) => {
        if (processed < TICKS) {
          simulated!.pushTick(tick)
          book.set(tick.symbol, { bid: tick.bid, ask: tick.ask })
          if (seen.length < 50_000) seen.push({ symbol: tick.symbol, book: new Map(book) })
          processed++
        }
      })
      // the ledger is written as the app writes it: the monitor's own 250 ms timer flushes while
      // the ticks go on (a flush never holds the tick path); each second of market time yields
      await new Promise((resolve) => setImmediate(resolve))
    }
    // ...and the figure counts until everything those ticks recorded is in the database, the
    // day lows the monitor still holds (decision 0023) included
    risk.recordHeldLows(Infinity)
    await risk.flush()
    const seconds = (performance.now() - started) / 1000
    const cpuSeconds = cpu()
    const rows = ledgerRows(risk) - rowsBefore
    const baseline = pureMark(bench.positions, seen)
    yield {
      name: 'risk-ticks-per-s-10k-accounts',
      value: Math.round(processed / seconds),
      unit: 'ticks/s',
    }
    yield {
      name: 'risk-ticks-per-s-10k-accounts-baseline-pure-mark',
      value: Math.round(baseline.perSecond),
      unit: 'ticks/s',
    }
    // the same per second of this process's CPU time (every thread, the database's included): on
    // a shared machine, what the code costs whatever share of the cores it got
    yield {
      name: 'risk-ticks-per-cpu-s-10k-accounts',
      value: Math.round(processed / cpuSeconds),
      unit: 'ticks/CPU-s',
    }
    yield {
      name: 'risk-ticks-per-cpu-s-10k-accounts-baseline-pure-mark',
      value: Math.round(baseline.perCpuSecond),
      unit: 'ticks/CPU-s',
    }
    yield {
      name: 'risk-ticks-10k-accounts-ledger-rows-per-tick',
      value: rows / processed,
      unit: `rows (${rows} recorded and written for ${processed} ticks)`,
    }

    const breachStored = (accountId: string) =>
      new Promise<void>((resolve) => {
        const stop = hub.onBreachRecorded((id) => {
          if (id === accountId) {
            stop()
            resolve()
          }
        })
      })
    // this account alone sees BTCUSD at 58,000: a $7,025 loss on $100,000, past the 6% daily floor
    const breach = (externalId: string) =>
      simulated!.applyAccountQuote(
        externalId,
        'BTCUSD',
        { bid: 5_800_000, ask: 5_802_500 },
        clock.ms,
      )

    // ---- tick to stored breach, one at a time ------------------------------------------------
    const single = bench.breachAccounts.slice(0, BREACH_WARMUP + BREACH_SAMPLES)
    const latencies: number[] = []
    for (const [index, account] of single.entries()) {
      const stored = breachStored(account.id)
      clock.ms += 50
      const t0 = performance.now()
      breach(account.externalId)
      await stored
      if (index >= BREACH_WARMUP) latencies.push(performance.now() - t0)
    }
    latencies.sort((a, b) => a - b)
    yield { name: 'risk-breach-latency-p50-ms', value: percentile(latencies, 50), unit: 'ms' }
    yield { name: 'risk-breach-latency-p99-ms', value: percentile(latencies, 99), unit: 'ms' }

    // ---- tick to stored breach, while ticks and flushes run ---------------------------------
    const concurrent = bench.breachAccounts.slice(BREACH_WARMUP + BREACH_SAMPLES)
    let isTicking = true
    let concurrentTicks = 0
    const ticking = (async () => {
      const tickStarted = performance.now()
      while (isTicking && performance.now() - tickStarted < 60_000) {
        clock.ms += 200
        model.advance(clock.ms, (tick: Tick) => {
          simulated!.pushTick(tick)
          concurrentTicks++
        })
        // the monitor's own 250 ms timer flushes the ledger meanwhile; let it and the breaches run
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    const concurrentLatencies: number[] = []
    const inFlight: Promise<void>[] = []
    const concurrentStarted = performance.now()
    for (const account of concurrent) {
      const stored = breachStored(account.id)
      const t0 = performance.now()
      breach(account.externalId)
      inFlight.push(stored.then(() => void concurrentLatencies.push(performance.now() - t0)))
      await new Promise((resolve) => setTimeout(resolve, BREACH_EVERY_MS))
    }
    // bounded: breaches not stored within a minute are left out of the figures (counted below)
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.all(inFlight),
      new Promise((resolve) => (timer = setTimeout(resolve, 60_000))),
    ])
    clearTimeout(timer)
    isTicking = false
    await ticking
    const concurrentSeconds = (performance.now() - concurrentStarted) / 1000
    concurrentLatencies.sort((a, b) => a - b)
    yield {
      name: 'risk-breach-latency-concurrent-p50-ms',
      value: percentile(concurrentLatencies, 50),
      unit: 'ms',
    }
    yield {
      name: 'risk-breach-latency-concurrent-p99-ms',
      value: percentile(concurrentLatencies, 99),
      unit: 'ms',
    }
    yield {
      name: 'risk-breach-latency-concurrent-stored',
      value: concurrentLatencies.length,
      unit: `of ${concurrent.length} breaches`,
    }
    yield {
      name: 'risk-breach-latency-concurrent-ticks-per-s',
      value: Math.round(concurrentTicks / concurrentSeconds),
      unit: 'ticks/s',
    }
  } finally {
    await bench.close()
  }
}

export default suite
