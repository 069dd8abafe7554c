import { centsToAmount } from '../analytics/trade-result'
import type { ClosedTrade } from '../trades/trade'
import type { TableRow } from './read-table-rows'
import {
  dateTimeCell,
  looksLikeDateTime,
  looksLikeTicket,
  moneyCell,
  nonEmptyCell,
  priceCell,
  sideCell,
  ticketCell,
  volumeCell,
} from './report-cells'
import {
  compareTimeThenTicket,
  readCell,
  readCells,
  sumCents,
  type ParsedStatement,
  type ReadOptions,
} from './parsed-statement'
import { StatementError } from './statement-error'

/**
 * MT4 "Detailed Statement". Rows are told apart by their shape, never by label text:
 *   ticket | open time | type | ... ; type is buy/sell (a trade), balance/credit (money in or
 *   out), or a pending order type (cancelled or working orders: not trades). A buy/sell row
 *   with a close time is a closed trade; without one it is an open trade (not counted).
 * Closed-trade columns: ticket, open time, type, size, item, price, S/L, T/P, close time, price,
 * commission, [taxes], swap, profit (older builds print no taxes column: read from the end).
 */
const PENDING_TYPES = new Set(['buy limit', 'sell limit', 'buy stop', 'sell stop'])
const MIN_CLOSED_TRADE_CELLS = 13

interface ClosedTradeRow {
  ticket: string
  openTime: string
  type: 'buy' | 'sell'
  size: number
  item: string
  openPrice: number
  closeTime: string
  closePrice: number
  commission: number
  taxes: number[]
  swap: number
  profit: number
}

const symbolCell = nonEmptyCell('is empty (no symbol)')

/** null when the rows have no MT4 account header (not an MT4 statement) */
export function readMt4Statement(
  rows: readonly TableRow[],
  options: ReadOptions,
): ParsedStatement | null {
  const account = findAccount(rows)
  if (!account) return null

  const closed: ClosedTradeRow[] = []
  let startingBalance: number | null = null
  let lastDataRow = -1

  rows.forEach(({ cells }, index) => {
    const text = cells.map((c) => c.text)
    if (!looksLikeTicket(text[0]) || !looksLikeDateTime(text[1])) return
    const type = (text[2] ?? '').toLowerCase()
    const where = `row ${index + 1} (ticket ${text[0]})`

    if (type === 'buy' || type === 'sell') {
      if (!looksLikeDateTime(text[8])) return // open trade: no close time yet
      if (text.length < MIN_CLOSED_TRADE_CELLS) {
        throw new StatementError(
          'malformed-row',
          `${where}: a closed trade needs ${MIN_CLOSED_TRADE_CELLS} or more cells, found ${text.length}`,
        )
      }
      const last = text.length - 1
      lastDataRow = index
      closed.push({
        ticket: readCell(ticketCell, text[0], 'ticket', where),
        openTime: readCell(dateTimeCell, text[1], 'openTime', where),
        type: readCell(sideCell, type, 'type', where),
        size: readCell(volumeCell, text[3], 'size', where),
        item: readCell(symbolCell, text[4], 'item', where),
        openPrice: readCell(priceCell, text[5], 'openPrice', where),
        closeTime: readCell(dateTimeCell, text[8], 'closeTime', where),
        closePrice: readCell(priceCell, text[9], 'closePrice', where),
        commission: readCell(moneyCell, text[10], 'commission', where),
        taxes: readCells(moneyCell, text.slice(11, last - 1), 'taxes', where),
        swap: readCell(moneyCell, text[last - 1], 'swap', where),
        profit: readCell(moneyCell, text[last], 'profit', where),
      })
    } else if (type === 'balance' || type === 'credit') {
      readCell(ticketCell, text[0], 'ticket', where)
      readCell(dateTimeCell, text[1], 'time', where)
      const amount = readCell(moneyCell, text[text.length - 1], 'amount', where)
      lastDataRow = index
      // The curve starts at the first balance row; later deposits, withdrawals and credit are
      // not part of it (contract: MT4 drawdowns).
      if (type === 'balance' && startingBalance === null) startingBalance = amount
    } else if (!PENDING_TYPES.has(type)) {
      throw new StatementError('malformed-row', `${where}: unknown transaction type "${text[2]}"`)
    }
  })

  closed.sort((a, b) => compareTimeThenTicket(a.closeTime, a.ticket, b.closeTime, b.ticket))

  const results = closed.map((row) => ({
    resultCents: row.profit + row.swap + row.commission + sumCents(row.taxes),
    isShort: row.type === 'sell',
  }))
  const start = startingBalance ?? 0
  const pointsCents: number[] = []
  let balance = start
  for (const { resultCents } of results) pointsCents.push((balance += resultCents))

  const trades: ClosedTrade[] = closed.map((row) => ({
    id: row.ticket,
    symbol: row.item,
    side: row.type,
    volume: row.size,
    openTime: options.serverTimeToIso(row.openTime),
    closeTime: options.serverTimeToIso(row.closeTime),
    openPrice: row.openPrice,
    closePrice: row.closePrice,
    profit: centsToAmount(row.profit),
    // the engine's trade has no taxes field: taxes are a cost like commission, kept in the result
    commission: centsToAmount(row.commission + sumCents(row.taxes)),
    swap: centsToAmount(row.swap),
  }))

  return {
    platform: 'MT4',
    account,
    results,
    curve: { startCents: start, pointsCents },
    trades,
    lastDataRow,
  }
}

/**
 * The statement's first row: "Account: 8165516 | Name: ... | Currency: USD | date", labels in
 * the terminal's language. The login is the number after the first cell's colon; the currency
 * is the last cell of the row that ends in a three-letter code after a colon.
 */
function findAccount(rows: readonly TableRow[]): { login: string; currency: string } | null {
  for (const { cells } of rows) {
    if (cells.length < 3 || cells.some((c) => c.isHeader)) continue
    const login = /:\s*(\d+)$/.exec(cells[0]!.text)?.[1]
    if (!login) continue
    const currency = cells
      .map((c) => /:\s*([A-Z]{3})$/.exec(c.text)?.[1])
      .filter((code) => code !== undefined)
      .at(-1)
    if (currency) return { login, currency }
  }
  return null
}
