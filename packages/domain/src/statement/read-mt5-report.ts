import { z } from 'zod'
import { centsToAmount } from '../analytics/trade-result'
import type { ClosedTrade } from '../trades/trade'
import type { TableRow } from './read-table-rows'
import {
  dateTimeCell,
  looksLikeDateTime,
  looksLikeTicket,
  moneyCell,
  priceCell,
  serverTimeToIso,
  sideCell,
  ticketCell,
  volumeCell,
} from './report-cells'
import {
  compareTimeThenTicket,
  parseRow,
  sumCents,
  type ParsedStatement,
  type ReadOptions,
} from './parsed-statement'

/**
 * MT5 "Trade History Report": sections Positions, Orders, Deals, Open Positions, ... each a run
 * of rows in one table. Rows are told apart by shape (hidden cells already dropped), never by
 * the translated labels:
 *   deal      time | deal | symbol | type | direction (in, out, in/out, out by or empty) |
 *             volume | price | order | commission | [fee...] | swap | profit | balance | comment
 *   position  time | position | symbol | buy/sell | volume | price | S/L | T/P | close time |
 *             close price | commission | [fee...] | swap | profit
 * Order rows ("0.1 / 0.1" volumes) and open positions (a market price where a close time would
 * be) match neither and are skipped.
 */
const DIRECTIONS = new Set(['in', 'out', 'in/out', 'out by', ''])
const EXIT_DIRECTIONS = new Set(['out', 'in/out', 'out by'])
const MIN_ROW_CELLS = 13

const optionalCell = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => null), schema])

const dealRowSchema = z
  .object({
    time: dateTimeCell,
    ticket: ticketCell,
    symbol: z.string(),
    type: z.string().min(1, { message: 'is empty (no deal type)' }),
    direction: z.string(),
    volume: optionalCell(volumeCell),
    price: optionalCell(priceCell),
    commission: moneyCell,
    fees: z.array(moneyCell),
    swap: moneyCell,
    profit: moneyCell,
    balance: moneyCell,
  })
  .superRefine((deal, ctx) => {
    if (deal.type !== 'buy' && deal.type !== 'sell') return
    for (const key of ['symbol', 'volume', 'price'] as const) {
      if (deal[key] === null || deal[key] === '') {
        ctx.addIssue({ code: 'custom', path: [key], message: 'is empty in a buy/sell deal' })
      }
    }
  })
type DealRow = z.output<typeof dealRowSchema>

const positionRowSchema = z.object({
  openTime: dateTimeCell,
  position: ticketCell,
  symbol: z.string().min(1, { message: 'is empty (no symbol)' }),
  type: sideCell,
  volume: volumeCell,
  openPrice: priceCell,
  closeTime: dateTimeCell,
  closePrice: priceCell,
  commission: moneyCell,
  fees: z.array(moneyCell),
  swap: moneyCell,
  profit: moneyCell,
})
type PositionRow = z.output<typeof positionRowSchema>

/** null when the rows have no MT5 account header (not an MT5 report) */
export function readMt5Report(
  rows: readonly TableRow[],
  options: ReadOptions,
): ParsedStatement | null {
  const account = findAccount(rows)
  if (!account) return null

  const deals: DealRow[] = []
  const positions: PositionRow[] = []
  let lastDataRow = -1
  rows.forEach(({ cells }, index) => {
    const text = cells.map((c) => c.text)
    if (!looksLikeDateTime(text[0]) || !looksLikeTicket(text[1])) return
    if (text.length < MIN_ROW_CELLS) return
    const where = `row ${index + 1} (ticket ${text[1]})`
    const last = text.length - 1
    if (DIRECTIONS.has(text[4] ?? '-')) {
      lastDataRow = index
      deals.push(
        parseRow(
          dealRowSchema,
          {
            time: text[0],
            ticket: text[1],
            symbol: text[2],
            type: (text[3] ?? '').toLowerCase(),
            direction: text[4],
            volume: text[5],
            price: text[6],
            commission: text[8],
            fees: text.slice(9, last - 3),
            swap: text[last - 3],
            profit: text[last - 2],
            balance: text[last - 1],
          },
          where,
        ),
      )
    } else if (looksLikeDateTime(text[8])) {
      lastDataRow = index
      positions.push(
        parseRow(
          positionRowSchema,
          {
            openTime: text[0],
            position: text[1],
            symbol: text[2],
            type: (text[3] ?? '').toLowerCase(),
            volume: text[4],
            openPrice: text[5],
            closeTime: text[8],
            closePrice: text[9],
            commission: text[10],
            fees: text.slice(11, last - 1),
            swap: text[last - 1],
            profit: text[last],
          },
          where,
        ),
      )
    }
  })

  const byTime = (d: DealRow) => ({ time: d.time, ticket: d.ticket })
  deals.sort((a, b) => compareTimeThenTicket(byTime(a), byTime(b)))
  const isTradeDeal = (d: DealRow) => d.type === 'buy' || d.type === 'sell'
  const exits = deals.filter((d) => isTradeDeal(d) && EXIT_DIRECTIONS.has(d.direction))

  const results = exits.map((d) => ({
    resultCents: dealResultCents(d),
    // an exit deal runs against the position it closes: a buy closes a short
    isShort: d.type === 'buy',
  }))

  const iso = (local: string) => serverTimeToIso(local, options.serverTimeZone)
  const trades =
    positions.length > 0 ? tradesFromPositions(positions, iso) : tradesFromDeals(deals, iso)

  return {
    platform: 'MT5',
    account,
    results,
    curve: balanceCurve(deals),
    trades,
    lastDataRow,
  }
}

const dealResultCents = (d: DealRow) => d.profit + d.swap + d.commission + sumCents(d.fees)

/**
 * The report's own balance after each deal, starting after the initial balance deal (contract:
 * MT5 drawdowns). When the report's period starts mid-history there is no initial deposit: the
 * start is then the balance before the first deal.
 */
function balanceCurve(deals: readonly DealRow[]) {
  const [first, ...rest] = deals
  if (!first) return { startCents: 0, pointsCents: [] }
  if (first.type === 'balance') {
    return { startCents: first.balance, pointsCents: rest.map((d) => d.balance) }
  }
  return {
    startCents: first.balance - dealResultCents(first),
    pointsCents: deals.map((d) => d.balance),
  }
}

function tradesFromPositions(
  positions: readonly PositionRow[],
  iso: (local: string) => string,
): ClosedTrade[] {
  return [...positions]
    .sort((a, b) =>
      compareTimeThenTicket(
        { time: a.closeTime, ticket: a.position },
        { time: b.closeTime, ticket: b.position },
      ),
    )
    .map((p) => ({
      id: p.position,
      symbol: p.symbol,
      side: p.type,
      volume: p.volume,
      openTime: iso(p.openTime),
      closeTime: iso(p.closeTime),
      openPrice: p.openPrice,
      closePrice: p.closePrice,
      profit: centsToAmount(p.profit),
      commission: centsToAmount(p.commission + sumCents(p.fees)),
      swap: centsToAmount(p.swap),
    }))
}

interface OpenLot {
  side: 'buy' | 'sell'
  volume: number
  time: string
  price: number
}

/**
 * Reports without a Positions section: one trade per exit deal, its open time and price taken
 * first-in-first-out from the entry deals of the same symbol and side (the volume-weighted price
 * of the lots it closes). An exit whose entry lies before the report's period opens at its own
 * time and price.
 */
function tradesFromDeals(deals: readonly DealRow[], iso: (local: string) => string) {
  const lotsBySymbol = new Map<string, OpenLot[]>()
  const trades: ClosedTrade[] = []
  for (const deal of deals) {
    if (deal.type !== 'buy' && deal.type !== 'sell') continue
    const volume = deal.volume ?? 0
    const price = deal.price ?? 0
    const lots = lotsBySymbol.get(deal.symbol) ?? []
    lotsBySymbol.set(deal.symbol, lots)
    if (deal.direction === 'in') {
      lots.push({ side: deal.type, volume, time: deal.time, price })
      continue
    }
    const closedSide = deal.type === 'buy' ? 'sell' : 'buy'
    const openVolume = lots.filter((l) => l.side === closedSide).reduce((s, l) => s + l.volume, 0)
    // in/out closes the whole position and opens the rest of its volume the other way
    const closeVolume = deal.direction === 'in/out' ? Math.min(openVolume, volume) : volume
    const opened = takeLots(lots, closedSide, closeVolume)
    trades.push({
      id: deal.ticket,
      symbol: deal.symbol,
      side: closedSide,
      volume: closeVolume,
      openTime: iso(opened?.time ?? deal.time),
      closeTime: iso(deal.time),
      openPrice: opened?.price ?? price,
      closePrice: price,
      profit: centsToAmount(deal.profit),
      commission: centsToAmount(deal.commission + sumCents(deal.fees)),
      swap: centsToAmount(deal.swap),
    })
    const reversed = round8(volume - closeVolume)
    if (deal.direction === 'in/out' && reversed > 0) {
      lots.push({ side: deal.type, volume: reversed, time: deal.time, price })
    }
  }
  return trades
}

/** Takes `volume` lots of `side`, oldest first; returns the first lot's time and the VWAP. */
function takeLots(lots: OpenLot[], side: 'buy' | 'sell', volume: number) {
  let remaining = volume
  let time: string | null = null
  let notional = 0
  let taken = 0
  for (let i = 0; i < lots.length && remaining > 0;) {
    const lot = lots[i]!
    if (lot.side !== side) {
      i++
      continue
    }
    const take = Math.min(lot.volume, remaining)
    time ??= lot.time
    notional += take * lot.price
    taken += take
    remaining = round8(remaining - take)
    lot.volume = round8(lot.volume - take)
    if (lot.volume === 0) lots.splice(i, 1)
    else i++
  }
  return time === null ? null : { time, price: round8(notional / taken) }
}

/** Lots and prices print with at most 8 decimals; rounding keeps float arithmetic from leaving dust. */
const round8 = (v: number) => Math.round(v * 1e8) / 1e8

/**
 * The account row of the report header: "5014131788 (USD, MetaQuotes-Demo, demo, Hedge)" in a
 * header cell, after a label in the terminal's language.
 */
function findAccount(rows: readonly TableRow[]): { login: string; currency: string } | null {
  for (const { cells } of rows) {
    for (const cell of cells) {
      if (!cell.isHeader) continue
      const match = /^(\d+) ?\(([A-Z]{3})\b/.exec(cell.text)
      if (match) return { login: match[1]!, currency: match[2]! }
    }
  }
  return null
}
