import Decimal from 'decimal.js'
import type { StatementSummary } from '../../../src/statement'

/**
 * The summary figures a generated file prints, worked out here from the trades the test gave,
 * in plain code written apart from the importer's (src/statement/compute-statement-summary.ts):
 * every run and every fall of the curve is listed, then the best is picked. A generated file
 * thereby carries its own summary as a terminal export does, and tests over many trades can set
 * the importer's result against a second, independent reading of the contract's definitions.
 */

/** One closed trade as the terminal's summary counts it (MT4 closed row, MT5 exit deal). */
export interface CountedResult {
  /** profit + swap + commission + taxes/fees, cents */
  cents: number
  isShort: boolean
}

export interface Curve {
  startCents: number
  /** the balance after each step, cents */
  pointsCents: number[]
}

interface Run {
  isWin: boolean
  count: number
  cents: number
}

const half = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber()
const amount = (cents: number) => new Decimal(cents).div(100).toNumber()

/** a / b rounded half-up to 2 decimals, 0 when b is 0 */
const ratio = (a: number, b: number) => (b === 0 ? 0 : half(new Decimal(a).div(b)))
/** a / b in percent, 2 decimals */
const percentOf = (a: number, b: number) => (b <= 0 ? 0 : half(new Decimal(a).times(100).div(b)))
/** cents / count as an amount rounded to the cent */
const averageOf = (cents: number, count: number) =>
  count === 0
    ? 0
    : new Decimal(cents).div(count).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).div(100).toNumber()

export function printedSummary(results: readonly CountedResult[], curve: Curve): StatementSummary {
  const wins = results.filter((r) => r.cents >= 0) // a zero result is a winning trade
  const losses = results.filter((r) => r.cents < 0)
  const shorts = results.filter((r) => r.isShort)
  const longs = results.filter((r) => !r.isShort)
  const sum = (list: readonly CountedResult[]) => list.reduce((s, r) => s + r.cents, 0)
  const grossProfit = sum(wins)
  const grossLoss = sum(losses)
  const net = grossProfit + grossLoss

  const runs: Run[] = []
  for (const r of results) {
    const isWin = r.cents >= 0
    const last = runs.at(-1)
    if (last && last.isWin === isWin) {
      last.count++
      last.cents += r.cents
    } else {
      runs.push({ isWin, count: 1, cents: r.cents })
    }
  }
  const none: Run = { isWin: true, count: 0, cents: 0 }
  const best = (list: Run[], better: (a: Run, b: Run) => boolean) =>
    list.reduce((top, run) => (better(run, top) ? run : top), list[0] ?? none)
  const winRuns = runs.filter((r) => r.isWin)
  const lossRuns = runs.filter((r) => !r.isWin)
  // longest by count (a tie goes to the larger amount); largest by amount (a tie to the longer)
  const longestWins = best(
    winRuns,
    (a, b) => a.count > b.count || (a.count === b.count && a.cents > b.cents),
  )
  const longestLosses = best(
    lossRuns,
    (a, b) => a.count > b.count || (a.count === b.count && a.cents < b.cents),
  )
  const richestWins = best(
    winRuns,
    (a, b) => a.cents > b.cents || (a.cents === b.cents && a.count > b.count),
  )
  const costliestLosses = best(
    lossRuns,
    (a, b) => a.cents < b.cents || (a.cents === b.cents && a.count > b.count),
  )

  const drawdowns = drawdownsOf(curve)
  return {
    totalNetProfit: amount(net),
    grossProfit: amount(grossProfit),
    grossLoss: amount(grossLoss),
    profitFactor: losses.length === 0 ? null : ratio(grossProfit, -grossLoss),
    expectedPayoff: averageOf(net, results.length),
    absoluteDrawdown: amount(drawdowns.absolute),
    maximalDrawdown: amount(drawdowns.maximal.fall),
    maximalDrawdownPercent: percentOf(drawdowns.maximal.fall, drawdowns.maximal.peak),
    relativeDrawdownPercent: percentOf(drawdowns.relative.fall, drawdowns.relative.peak),
    relativeDrawdown: amount(drawdowns.relative.fall),
    totalTrades: results.length,
    shortTrades: shorts.length,
    shortTradesWonPercent: percentOf(shorts.filter((r) => r.cents >= 0).length, shorts.length),
    longTrades: longs.length,
    longTradesWonPercent: percentOf(longs.filter((r) => r.cents >= 0).length, longs.length),
    profitTrades: wins.length,
    lossTrades: losses.length,
    largestProfitTrade: amount(wins.reduce((top, r) => Math.max(top, r.cents), 0)),
    largestLossTrade: amount(losses.reduce((low, r) => Math.min(low, r.cents), 0)),
    averageProfitTrade: averageOf(grossProfit, wins.length),
    averageLossTrade: averageOf(grossLoss, losses.length),
    maxConsecutiveWins: longestWins.count,
    maxConsecutiveWinsAmount: amount(longestWins.cents),
    maxConsecutiveLosses: longestLosses.count,
    maxConsecutiveLossesAmount: amount(longestLosses.cents),
    maximalConsecutiveProfit: amount(richestWins.cents),
    maximalConsecutiveProfitCount: richestWins.count,
    maximalConsecutiveLoss: amount(costliestLosses.cents),
    maximalConsecutiveLossCount: costliestLosses.count,
  }
}

interface Fall {
  peak: number
  fall: number
}

/** every fall from the running peak, then the largest in money and the largest in percent */
function drawdownsOf({ startCents, pointsCents }: Curve) {
  const falls: Fall[] = []
  let peak = startCents
  for (const point of pointsCents) {
    peak = Math.max(peak, point)
    if (point < peak) falls.push({ peak, fall: peak - point })
  }
  const zero: Fall = { peak: 0, fall: 0 }
  const maximal = falls.reduce((top, f) => (f.fall > top.fall ? f : top), zero)
  const steepness = (f: Fall) => (f.peak > 0 ? new Decimal(f.fall).div(f.peak) : new Decimal(0))
  const relative = falls.reduce(
    (top, f) => (f.peak > 0 && steepness(f).greaterThan(steepness(top)) ? f : top),
    zero,
  )
  const lowest = pointsCents.reduce((low, point) => Math.min(low, point), startCents)
  return { absolute: startCents - lowest, maximal, relative }
}

/** Figures a report prints that the contract does not carry (nothing reads them back). */
export function averageRunLengths(results: readonly CountedResult[]) {
  const lengths = { wins: [] as number[], losses: [] as number[] }
  let previous: boolean | null = null
  for (const r of results) {
    const isWin = r.cents >= 0
    const list = isWin ? lengths.wins : lengths.losses
    if (isWin === previous) list[list.length - 1]!++
    else list.push(1)
    previous = isWin
  }
  const mean = (list: number[]) =>
    list.length === 0 ? 0 : Math.round(list.reduce((s, n) => s + n, 0) / list.length)
  return { wins: mean(lengths.wins), losses: mean(lengths.losses) }
}
