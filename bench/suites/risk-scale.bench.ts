// Live risk at 100,000 active accounts (the same app and accounts as risk.bench.ts, ten times
// as many; `npm run bench -- risk-scale`):
// risk-startup-100k-accounts-s: startServer on the filled database (the simulated books loaded,
//   every account's evaluator rebuilt from its checkpoint and ledger), printed with the same
//   run's plain read of the rows it rebuilds from (baseline);
// risk-peak-rss-100k-accounts-mb: the process's peak resident memory, the embedded PostgreSQL
//   included (it runs in this process);
// risk-ticks-per-s-100k-accounts: market ticks through the books and every concerned account's
//   evaluator, ledger written, with the same ticks' pure mark-to-market (baseline).
import { createMarketState, MarketModel, type Tick } from '@tp/domain'
import { schema } from '@tp/server/bench'
import type { BenchSuite } from '../support'
import { cpuMeter, ledgerRows, openRiskBench, pureMark } from './risk-support'

const ACCOUNTS = Number(process.env.BENCH_RISK_SCALE_ACCOUNTS ?? 100_000)
const TICKS = Number(process.env.BENCH_RISK_SCALE_TICKS ?? 5_000)
const TICK_SECONDS = Number(process.env.BENCH_RISK_SCALE_TICK_SECONDS ?? 20)

const suite: BenchSuite = async function* () {
  const bench = await openRiskBench(ACCOUNTS, 0)
  const { server, clock } = bench
  try {
    const { simulated, risk } = server.ctx.trading
    yield { name: 'risk-startup-100k-accounts-s', value: bench.startSeconds, unit: 's' }
    const r0 = performance.now()
    const accounts = await server.ctx.db.select().from(schema.tradingAccounts)
    const events = await server.ctx.db.select().from(schema.evaluationEvents)
    yield {
      name: 'risk-startup-100k-accounts-baseline-read-rows-s',
      value: (performance.now() - r0) / 1000,
      unit: `s (${accounts.length} accounts, ${events.length} ledger rows)`,
    }

    const model = new MarketModel(createMarketState({ seed: 7, startMs: clock.ms }))
    const seen: { symbol: string; book: Map<string, { bid: number; ask: number }> }[] = []
    // every quote from the start: a cross converts its P/L through another symbol's quote
    const book = new Map<string, { bid: number; ask: number }>(model.quotes())
    let processed = 0
    const rowsBefore = ledgerRows(risk)
    const cpu = cpuMeter()
    const started = performance.now()
    while (processed < TICKS && performance.now() - started < TICK_SECONDS * 1000) {
      clock.ms += 200
      model.advance(clock.ms, (tick: Tick) => {
        if (processed < TICKS) {
          simulated!.pushTick(tick)
          book.set(tick.symbol, { bid: tick.bid, ask: tick.ask })
          seen.push({ symbol: tick.symbol, book: new Map(book) })
          processed++
        }
      })
      // the monitor's own timer flushes the ledger while ticks go on, as in the app
      await new Promise((resolve) => setImmediate(resolve))
    }
    // counted until everything those ticks recorded is in the database, held day lows included
    risk.recordHeldLows(Infinity)
    await risk.flush()
    const seconds = (performance.now() - started) / 1000
    const cpuSeconds = cpu()
    const rows = ledgerRows(risk) - rowsBefore
    const baseline = pureMark(bench.positions, seen)
    yield {
      name: 'risk-ticks-per-s-100k-accounts',
      value: Math.round(processed / seconds),
      unit: 'ticks/s',
    }
    yield {
      name: 'risk-ticks-per-s-100k-accounts-baseline-pure-mark',
      value: Math.round(baseline.perSecond),
      unit: 'ticks/s',
    }
    // the same per second of this process's CPU time (every thread, the database's included): on
    // a shared machine, what the code costs whatever share of the cores it got
    yield {
      name: 'risk-ticks-per-cpu-s-100k-accounts',
      value: Math.round(processed / cpuSeconds),
      unit: 'ticks/CPU-s',
    }
    yield {
      name: 'risk-ticks-per-cpu-s-100k-accounts-baseline-pure-mark',
      value: Math.round(baseline.perCpuSecond),
      unit: 'ticks/CPU-s',
    }
    yield {
      name: 'risk-ticks-100k-accounts-ledger-rows-per-tick',
      value: rows / processed,
      unit: `rows (${rows} recorded and written for ${processed} ticks)`,
    }
    yield {
      name: 'risk-peak-rss-100k-accounts-mb',
      value: Math.round(process.resourceUsage().maxRSS / 1024),
      unit: 'MB',
    }
  } finally {
    await bench.close()
  }
}

export default suite
