import { centsToAmount } from '../analytics/trade-result'
import type { ClosedTrade } from '../trades/trade'
import type { TableRow } from './read-table-rows'
import {
  dateTimeCell,
  looksLikeDateTime,
  looksLikeTicket,
  moneyCell,
  nonEmptyCell,
  optionalCell,
  priceCell,
  sideCell,
  textCell,
  ticketCell,
  volumeCell,
} from './report-cells'
import {
  compareTimeThenTicket,
  malformed,
  readCell,
  readCells,
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

interface DealRow {
  time: string
  ticket: string
  symbol: string
  type: string
  direction: string
  volume: number | null
  price: number | null
  commission: number
  fees: number[]
  swap: number
  profit: number
  balance: number
}

interface PositionRow {
  openTime: string
  position: string
  symbol: string
  type: 'buy' | 'sell'
  volume: number
  openPrice: number
  closeTime: string
  closePrice: number
  commission: number
  fees: number[]
  swap: number
  profit: number
}

const dealTypeCell = nonEmptyCell('is empty (no deal type)')
const symbolCell = nonEmptyCell('is empty (no symbol)')
const optionalVolumeCell = optionalCell(volumeCell)
const optionalPriceCell = optionalCell(priceCell)

function readDealRow(text: readonly string[], where: string): DealRow {
  const last = text.length - 1
  const deal: DealRow = {
    time: readCell(dateTimeCell, text[0], 'time', where),
    ticket: readCell(ticketCell, text[1], 'ticket', where),
    symbol: readCell(textCell, text[2], 'symbol', where),
    type: readCell(dealTypeCell, (text[3] ?? '').toLowerCase(), 'type', where),
    direction: readCell(textCell, text[4], 'direction', where),
    volume: readCell(optionalVolumeCell, text[5], 'volume', where),
    price: readCell(optionalPriceCell, text[6], 'price', where),
    commission: readCell(moneyCell, text[8], 'commission', where),
    fees: readCells(moneyCell, text.slice(9, last - 3), 'fees', where),
    swap: readCell(moneyCell, text[last - 3], 'swap', where),
    profit: readCell(moneyCell, text[last - 2], 'profit', where),
    balance: readCell(moneyCell, text[last - 1], 'balance', where),
  }
  if (deal.type === 'buy' || deal.type === 'sell') {
    for (const key of ['symbol', 'volume', 'price'] as const) {
      if (deal[key] === null || deal[key] === '') {
        throw malformed(where, key, 'is empty in a buy/sell deal')
      }
    }
  }
  return deal
}

function readPositionRow(text: readonly string[], where: string): PositionRow {
  const last = text.length - 1
  return {
    openTime: readCell(dateTimeCell, text[0], 'openTime', where),
    position: readCell(ticketCell, text[1], 'position', where),
    symbol: readCell(symbolCell, text[2], 'symbol', where),
    type: readCell(sideCell, (text[3] ?? '').toLowerCase(), 'type', where),
    volume: readCell(volumeCell, text[4], 'volume', where),
    openPrice: readCell(priceCell, text[5], 'openPrice', where),
    closeTime: readCell(dateTimeCell, text[8], 'closeTime', where),
    closePrice: readCell(priceCell, text[9], 'closePrice', where),
    commission: readCell(moneyCell, text[10], 'commission', where),
    fees: readCells(moneyCell, text.slice(11, last - 1), 'fees', where),
    swap: readCell(moneyCell, text[last - 1], 'swap', where),
    profit: readCell(moneyCell, text[last], 'profit', where),
  }
}

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
    if (DIRECTIONS.has(text[4] ?? '-')) {
      lastDataRow = index
      deals.push(readDealRow(text, where))
    } else if (looksLikeDateTime(text[8])) {
      lastDataRow = index
      positions.push(readPositionRow(text, where))
    }
  })

  deals.sort((a, b) => compareTimeThenTicket(a.time, a.ticket, b.time, b.ticket))
  const isTradeDeal = (d: DealRow) => d.type === 'buy' || d.type === 'sell'
  const exits = deals.filter((d) => isTradeDeal(d) && EXIT_DIRECTIONS.has(d.direction))

  const results = exits.map((d) => ({
    resultCents: dealResultCents(d),
    // an exit deal runs against the position it closes: a buy closes a short
    isShort: d.type === 'buy',
  }))

  const iso = options.serverTimeToIso
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
    .sort((a, b) => compareTimeThenTicket(a.closeTime, a.position, b.closeTime, b.position))
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
