import type { StatementSummary } from '../../../src/statement'
import {
  attribute,
  encode,
  money,
  mt4HeaderDate,
  mt4Lots,
  percent,
  price,
  serverTimeMs,
  text,
  toCents,
} from './format'
import { MT4_CODE_PAGES, MT4_LABELS, type Mt4Labels, type Mt4Language } from './labels'
import { averageRunLengths, printedSummary, type CountedResult } from './printed-summary'

/**
 * MT4 "Detailed Statement" (Account History -> Save as Detailed Report), written as the terminal
 * writes it: HTML 4.01 in one table, the template's lines ending in CRLF and each transaction row
 * in LF, no charset declared, the bytes in the Windows code page of the terminal's system.
 *
 * Sections: Closed Transactions (closed trades, balance and credit rows, cancelled pending
 * orders, in ticket order, then a totals row and Closed P/L), Open Trades (with their totals
 * and Floating P/L), Working Orders, then Summary and Details with the terminal's figures.
 *
 * Amounts are in account currency (exact to the cent); times are the trade server's wall clock
 * as the terminal prints them ("2024.03.12 05:14:04").
 */

export type Side = 'buy' | 'sell'
export type PendingType = 'buy limit' | 'sell limit' | 'buy stop' | 'sell stop'

export interface Mt4ClosedTrade {
  kind: 'trade'
  ticket: number
  openTime: string
  type: Side
  size: number
  item: string
  openPrice: number
  sl?: number
  tp?: number
  closeTime: string
  closePrice: number
  commission?: number
  taxes?: number
  swap?: number
  profit: number
  /** the ticket cell's tooltip: the order comment, "[sl]", "to #123", "from #122" ... */
  comment?: string
  /** the symbol's digits (prices are printed with them); 5 unless given */
  digits?: number
}

/** A deposit or withdrawal (`balance`) or a credit given or taken back (`credit`). */
export interface Mt4BalanceRow {
  kind: 'balance' | 'credit'
  ticket: number
  time: string
  amount: number
  comment: string
}

/** A pending order that was cancelled (or expired) before it filled: listed, never a trade. */
export interface Mt4CancelledOrder {
  kind: 'cancelled'
  ticket: number
  openTime: string
  type: PendingType
  size: number
  item: string
  price: number
  sl?: number
  tp?: number
  /** when it was cancelled */
  closeTime: string
  /** the market price then */
  marketPrice: number
  comment?: string
  digits?: number
}

export type Mt4ClosedTransaction = Mt4ClosedTrade | Mt4BalanceRow | Mt4CancelledOrder

export interface Mt4OpenTrade {
  ticket: number
  openTime: string
  type: Side
  size: number
  item: string
  openPrice: number
  sl?: number
  tp?: number
  marketPrice: number
  commission?: number
  taxes?: number
  swap?: number
  profit: number
  comment?: string
  digits?: number
}

export interface Mt4WorkingOrder {
  ticket: number
  openTime: string
  type: PendingType
  size: number
  item: string
  price: number
  sl?: number
  tp?: number
  marketPrice: number
  comment?: string
  digits?: number
}

export interface Mt4StatementSpec {
  account: { login: string; name: string; currency: string }
  /** closed transactions, in any order: the terminal lists them by ticket */
  closed: readonly Mt4ClosedTransaction[]
  openTrades?: readonly Mt4OpenTrade[]
  workingOrders?: readonly Mt4WorkingOrder[]
  /** the margin the open trades hold (Summary); 0 unless given */
  margin?: number
  /** when the statement was saved; the latest time in the statement unless given */
  savedAt?: string
}

export interface Mt4Options {
  /** the terminal's language: labels, and the code page of the file (English: windows-1252) */
  language?: Mt4Language
  /** the file's encoding (an iconv-lite name) instead of the language's code page, e.g. 'utf8' */
  encoding?: string
  /** builds before the Taxes column print 13 columns: commission, swap, profit */
  hasTaxesColumn?: boolean
}

export interface GeneratedStatement {
  /** the file as the terminal writes it */
  bytes: Uint8Array
  /** the same file as text */
  html: string
  encoding: string
  /** the figures the file's own summary prints (the terminal's computation, done independently) */
  printed: StatementSummary
}

export function mt4DetailedStatement(
  spec: Mt4StatementSpec,
  options: Mt4Options = {},
): GeneratedStatement {
  const language = options.language ?? 'en'
  const encoding = options.encoding ?? MT4_CODE_PAGES[language]
  const labels = MT4_LABELS[language]
  const hasTaxes = options.hasTaxesColumn ?? true
  const closed = [...spec.closed].sort((a, b) => a.ticket - b.ticket)
  const trades = closed.filter((row): row is Mt4ClosedTrade => row.kind === 'trade')

  // the summary: results in close order, the curve from the statement's first balance row
  const byClose = [...trades].sort(
    (a, b) => serverTimeMs(a.closeTime) - serverTimeMs(b.closeTime) || a.ticket - b.ticket,
  )
  const results: CountedResult[] = byClose.map((t) => ({
    cents: resultCents(t),
    isShort: t.type === 'sell',
  }))
  const firstDeposit = closed.find((row): row is Mt4BalanceRow => row.kind === 'balance')
  const start = firstDeposit ? toCents(firstDeposit.amount) : 0
  let balance = start
  const curve = { startCents: start, pointsCents: results.map((r) => (balance += r.cents)) }
  const printed = printedSummary(results, curve)

  const html = [
    head(spec, labels),
    accountRows(spec, labels),
    closedSection(closed, trades, labels, hasTaxes),
    openSection(spec.openTrades ?? [], labels, hasTaxes),
    workingSection(spec.workingOrders ?? [], labels),
    summarySection(spec, closed, trades, labels),
    detailsSection(printed, results, labels),
    '</table>\r\n</div></body></html>\r\n',
  ].join('')
  return { bytes: encode(html, encoding), html, encoding, printed }
}

const resultCents = (t: Mt4ClosedTrade | Mt4OpenTrade) =>
  toCents(t.profit) + toCents(t.swap ?? 0) + toCents(t.commission ?? 0) + toCents(t.taxes ?? 0)

/** the template's own lines end in CRLF */
const crlf = (...lines: string[]) => lines.map((line) => line + '\r\n').join('')

function head(spec: Mt4StatementSpec, labels: Mt4Labels): string {
  const { login, name } = spec.account
  return crlf(
    '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">',
    '<html>',
    '  <head>',
    `    <title>${labels.title}: ${login} - ${text(name)}</title>`,
    '    <meta name="generator" content="MetaQuotes Software Corp.">',
    '    <link rel="help" href="http://www.metaquotes.net">',
    '    <style type="text/css" media="screen">',
    '    <!--',
    '    td { font: 8pt Tahoma,Arial; }',
    '    //-->',
    '    </style>',
    '    <style type="text/css" media="print">',
    '    <!--',
    '    td { font: 7pt Tahoma,Arial; }',
    '    //-->',
    '    </style>',
    '    <style type="text/css">',
    '    <!--',
    '    .msdate { mso-number-format:"General Date"; }',
    '    .mspt   { mso-number-format:\\#\\,\\#\\#0\\.00;  }',
    '    //-->',
    '    </style>',
    '  </head>',
    '<body topmargin=1 marginheight=1>',
    '<div align=center>',
    `<div style="font: 20pt Times New Roman"><b>${labels.heading}</div><br>`,
    '',
    '',
    '<table cellspacing=1 cellpadding=3 border=0>',
  )
}

function accountRows(spec: Mt4StatementSpec, labels: Mt4Labels): string {
  const { login, name, currency } = spec.account
  const savedAt = spec.savedAt ?? latestTime(spec)
  return crlf(
    '<tr align=left>',
    `    <td colspan=2><b>${labels.account}: ${login}</b></td>`,
    `    <td colspan=6><b>${labels.name}: ${text(name)}</b></td>`,
    `    <td colspan=2><b>${labels.currency}: ${currency}</b></td>`,
    `    <td colspan=4 align=right><b>${mt4HeaderDate(savedAt)}</b></td></tr>`,
    '',
  )
}

function latestTime(spec: Mt4StatementSpec): string {
  const times = [
    ...spec.closed.map((row) =>
      row.kind === 'trade' || row.kind === 'cancelled' ? row.closeTime : row.time,
    ),
    ...(spec.openTrades ?? []).map((t) => t.openTime),
    ...(spec.workingOrders ?? []).map((o) => o.openTime),
  ]
  return times.reduce(
    (latest, t) => (serverTimeMs(t) > serverTimeMs(latest) ? t : latest),
    '1970.01.01 00:00:00',
  )
}

/** every other transaction row is shaded */
const rowStart = (index: number) =>
  index % 2 === 1 ? '<tr bgcolor=#E0E0E0 align=right>' : '<tr align=right>'
const priceCell = (value: number | undefined, digits: number) =>
  `<td style="mso-number-format:0\\.${'0'.repeat(digits)};">${price(value ?? 0, digits)}</td>`
const amountCell = (value: number) => `<td class=mspt>${money(toCents(value))}</td>`
const timeCell = (time: string) => `<td class=msdate nowrap>${time}</td>`
const ticketCell = (ticket: number, comment: string | undefined) =>
  `<td title="${attribute(comment ?? '')}">${ticket}</td>`

function columnHeads(labels: Mt4Labels, hasTaxes: boolean, closeTime: string): string {
  return crlf(
    '<tr align=center bgcolor="#C0C0C0">',
    `   <td>${labels.ticket}</td><td nowrap>${labels.openTime}</td><td>${labels.type}</td><td>${labels.size}</td><td>${labels.item}</td>`,
    `   <td>${labels.price}</td><td>S / L</td><td>T / P</td>${closeTime}`,
    `   <td>${labels.price}</td><td>${labels.commission}</td>${hasTaxes ? `<td>${labels.taxes}</td>` : ''}<td>${labels.swap}</td><td>${labels.profit}</td></tr>`,
  )
}

function closedSection(
  closed: readonly Mt4ClosedTransaction[],
  trades: readonly Mt4ClosedTrade[],
  labels: Mt4Labels,
  hasTaxes: boolean,
): string {
  const width = hasTaxes ? 14 : 13
  const rows = closed.map((row, index) => {
    const start = rowStart(index)
    if (row.kind === 'trade') return start + closedTradeCells(row, hasTaxes) + '</tr>\n'
    if (row.kind === 'cancelled') {
      return (
        start +
        cancelledCells(row, labels) +
        `<td colspan=${width - 10}>${labels.cancelled}</td></tr>\n`
      )
    }
    return (
      `${start}${ticketCell(row.ticket, row.comment)}${timeCell(row.time)}<td>${row.kind}</td>` +
      `<td colspan=${width - 4} align=left>${text(row.comment)}</td>${amountCell(row.amount)}</tr>\n`
    )
  })
  const sum = (pick: (t: Mt4ClosedTrade) => number | undefined) =>
    trades.reduce((s, t) => s + toCents(pick(t) ?? 0), 0)
  const closedPl = trades.reduce((s, t) => s + resultCents(t), 0)
  return (
    crlf(`<tr align=left><td colspan=${width - 1}><b>${labels.closedTransactions}</b></td></tr>`) +
    columnHeads(labels, hasTaxes, `<td nowrap>${labels.closeTime}</td>`) +
    rows.join('') +
    totalsRow(
      [
        sum((t) => t.commission),
        ...(hasTaxes ? [sum((t) => t.taxes)] : []),
        sum((t) => t.swap),
        sum((t) => t.profit),
      ],
      width,
    ) +
    crlf(
      '<tr align=right>',
      `    <td colspan=${width - 2} align=right><b>${labels.closedPl}</b></td>`,
      `    <td colspan=2 align=right title="Commission + Swap + Profit + Taxes" class=mspt><b>${money(closedPl)}</b></td>`,
      '</tr>',
      '',
    )
  )
}

function closedTradeCells(row: Mt4ClosedTrade, hasTaxes: boolean): string {
  const digits = row.digits ?? 5
  return (
    `${ticketCell(row.ticket, row.comment)}${timeCell(row.openTime)}<td>${row.type}</td>` +
    `<td class=mspt>${mt4Lots(row.size)}</td><td>${text(row.item)}</td>` +
    priceCell(row.openPrice, digits) +
    priceCell(row.sl, digits) +
    priceCell(row.tp, digits) +
    timeCell(row.closeTime) +
    priceCell(row.closePrice, digits) +
    amountCell(row.commission ?? 0) +
    (hasTaxes ? amountCell(row.taxes ?? 0) : '') +
    amountCell(row.swap ?? 0) +
    amountCell(row.profit)
  )
}

function cancelledCells(row: Mt4CancelledOrder, labels: Mt4Labels): string {
  const digits = row.digits ?? 5
  return (
    `${ticketCell(row.ticket, row.comment ?? labels.cancelled)}${timeCell(row.openTime)}<td>${row.type}</td>` +
    `<td class=mspt>${mt4Lots(row.size)}</td><td>${text(row.item)}</td>` +
    priceCell(row.price, digits) +
    priceCell(row.sl, digits) +
    priceCell(row.tp, digits) +
    timeCell(row.closeTime) +
    priceCell(row.marketPrice, digits)
  )
}

function totalsRow(cents: readonly number[], width: number): string {
  return crlf(
    '',
    '',
    '<tr align=right>',
    `    <td colspan=${width - cents.length}>&nbsp;</td>`,
    ...cents.map((c) => `    <td class=mspt>${money(c)}</td>`),
    '</tr>',
    '',
  )
}

function openSection(open: readonly Mt4OpenTrade[], labels: Mt4Labels, hasTaxes: boolean): string {
  const rows = open.map((t, index) => {
    const digits = t.digits ?? 5
    return (
      `${rowStart(index)}${ticketCell(t.ticket, t.comment)}<td class=msdate nowrap>${t.openTime}</td><td>${t.type}</td>` +
      `<td class=mspt>${mt4Lots(t.size)}</td><td>${text(t.item)}</td>` +
      priceCell(t.openPrice, digits) +
      priceCell(t.sl, digits) +
      priceCell(t.tp, digits) +
      '<td class=msdate nowrap>&nbsp;</td>' +
      priceCell(t.marketPrice, digits) +
      amountCell(t.commission ?? 0) +
      (hasTaxes ? amountCell(t.taxes ?? 0) : '') +
      amountCell(t.swap ?? 0) +
      amountCell(t.profit) +
      '</tr>\n'
    )
  })
  const width = hasTaxes ? 14 : 13
  const sum = (pick: (t: Mt4OpenTrade) => number | undefined) =>
    open.reduce((s, t) => s + toCents(pick(t) ?? 0), 0)
  const floating = open.reduce((s, t) => s + resultCents(t), 0)
  const totals = totalsRow(
    [
      sum((t) => t.commission),
      ...(hasTaxes ? [sum((t) => t.taxes)] : []),
      sum((t) => t.swap),
      sum((t) => t.profit),
    ],
    width,
  )
  return (
    crlf(`<tr align=left><td colspan=${width}><b>${labels.openTrades}</b></td></tr>`) +
    columnHeads(labels, hasTaxes, '<td>&nbsp;</td>') +
    (rows.length > 0
      ? rows.join('')
      : crlf(
          `<tr align=right><td colspan=${width - 1} align=center>${labels.noTransactions}</td></tr>`,
        )) +
    totals +
    crlf(
      `<tr><td colspan=${width - 4}>&nbsp;</td><td colspan=2 align=right><b>${labels.floatingPl}</b></td>`,
      `    <td colspan=2 align=right title="Commission + Swap + Profit" class=mspt><b>${money(floating)}</b></td></tr>`,
      '',
    )
  )
}

function workingSection(orders: readonly Mt4WorkingOrder[], labels: Mt4Labels): string {
  const rows = orders.map((o, index) => {
    const digits = o.digits ?? 5
    return (
      `${rowStart(index)}${ticketCell(o.ticket, o.comment)}<td class=msdate nowrap>${o.openTime}</td><td>${o.type}</td>` +
      `<td class=mspt>${mt4Lots(o.size)}</td><td>${text(o.item)}</td>` +
      priceCell(o.price, digits) +
      priceCell(o.sl, digits) +
      priceCell(o.tp, digits) +
      `<td colspan=2 style="mso-number-format:0\\.${'0'.repeat(digits)};">${price(o.marketPrice, digits)}</td>` +
      '<td colspan=4>&nbsp;</td></tr>\n'
    )
  })
  return (
    crlf(
      `<tr align=left><td colspan=14><b>${labels.workingOrders}</b></td></tr>`,
      '<tr align=center bgcolor="#C0C0C0">',
      `    <td>${labels.ticket}</td><td nowrap>${labels.openTime}</td><td>${labels.type}</td><td>${labels.size}</td><td>${labels.item}</td>`,
      `    <td>${labels.price}</td><td>S / L</td><td>T / P</td><td colspan=2 nowrap>${labels.marketPrice}</td><td colspan=4>&nbsp;</td></tr>`,
    ) +
    (rows.length > 0
      ? rows.join('')
      : crlf(`<tr align=right><td colspan=13 align=center>${labels.noTransactions}</td></tr>`)) +
    crlf('', '', '<tr><td colspan=14 style="font: 1pt arial">&nbsp;</td></tr>', '')
  )
}

const label = (span: number, value: string) => `    <td colspan=${span}><b>${value}</b></td>`
const figure = (span: number, value: string) =>
  `    <td${span === 1 ? '' : ` colspan=${span}`} class=mspt><b>${value}</b></td>`
const filler = (span: number) => `    <td colspan=${span}>&nbsp;</td>`

/** a row of the Summary or Details: one cell a line, a blank line after it */
const figuresRow = (...cells: string[]) =>
  crlf('<tr align=right>', ...cells.slice(0, -1), `${cells.at(-1)}</tr>`, '')

const spacerRow = '<tr><td colspan=14 style="font: 1pt arial">&nbsp;</td></tr>'

function summarySection(
  spec: Mt4StatementSpec,
  closed: readonly Mt4ClosedTransaction[],
  trades: readonly Mt4ClosedTrade[],
  labels: Mt4Labels,
): string {
  const total = (kind: 'balance' | 'credit') =>
    closed.reduce((s, row) => s + (row.kind === kind ? toCents(row.amount) : 0), 0)
  const deposits = total('balance')
  const credit = total('credit')
  const closedPl = trades.reduce((s, t) => s + resultCents(t), 0)
  const floating = (spec.openTrades ?? []).reduce((s, t) => s + resultCents(t), 0)
  const margin = toCents(spec.margin ?? 0)
  const balance = deposits + closedPl
  const equity = balance + credit + floating
  return (
    crlf(`<tr align=left><td colspan=14><b>${labels.summary}</b></td></tr>`) +
    figuresRow(
      label(2, labels.depositWithdrawal),
      figure(2, money(deposits)),
      label(4, labels.creditFacility),
      figure(1, money(credit)),
      filler(5),
    ) +
    figuresRow(
      label(2, labels.closedTradePl),
      figure(2, money(closedPl)),
      label(4, labels.floatingPl),
      figure(1, money(floating)),
      label(3, labels.margin),
      figure(2, money(margin)),
    ) +
    figuresRow(
      label(2, labels.balance),
      figure(2, money(balance)),
      label(4, labels.equity),
      figure(1, money(equity)),
      label(3, labels.freeMargin),
      figure(2, money(equity - margin)),
    ) +
    crlf(
      spacerRow,
      `<tr align=left><td colspan=14><b>${labels.details}</b></td></tr>`,
      '',
      '<tr align=center><td colspan=14><img src="DetailedStatement.gif" width=820 height=200 border=0 alt="Graph"></td></tr>',
      '',
    )
  )
}

function detailsSection(
  s: StatementSummary,
  results: readonly CountedResult[],
  labels: Mt4Labels,
): string {
  const m = (amount: number) => money(toCents(amount))
  const runs = averageRunLengths(results)
  const pair = (head: string, tail: string) => `${head} (${tail})`
  const share = (count: number) => percent(s.totalTrades === 0 ? 0 : (count * 100) / s.totalTrades)
  /** "Largest | profit trade: | 38.40 | loss trade: | -10.28" */
  const labelledRow = (lead: string, l1: string, v1: string, l2: string, v2: string) =>
    figuresRow(label(2, lead), label(6, l1), figure(1, v1), label(3, l2), figure(2, v2))
  return (
    figuresRow(
      label(2, labels.grossProfit),
      figure(2, m(s.grossProfit)),
      label(4, labels.grossLoss),
      figure(1, m(-s.grossLoss)), // MT4 prints the gross loss as a positive amount
      label(3, labels.totalNetProfit),
      figure(2, m(s.totalNetProfit)),
    ) +
    figuresRow(
      label(2, labels.profitFactor),
      figure(2, m(s.profitFactor ?? 0)),
      label(4, labels.expectedPayoff),
      figure(1, m(s.expectedPayoff)),
      filler(5),
    ) +
    figuresRow(
      label(2, labels.absoluteDrawdown),
      figure(2, m(s.absoluteDrawdown)),
      label(4, labels.maximalDrawdown),
      figure(1, pair(m(s.maximalDrawdown), `${percent(s.maximalDrawdownPercent)}%`)),
      label(3, labels.relativeDrawdown),
      figure(2, pair(`${percent(s.relativeDrawdownPercent)}%`, m(s.relativeDrawdown))),
    ) +
    crlf(spacerRow, '') +
    figuresRow(
      label(2, labels.totalTrades),
      figure(2, String(s.totalTrades)),
      label(4, labels.shortPositions),
      figure(1, pair(String(s.shortTrades), `${percent(s.shortTradesWonPercent)}%`)),
      label(3, labels.longPositions),
      figure(2, pair(String(s.longTrades), `${percent(s.longTradesWonPercent)}%`)),
    ) +
    figuresRow(
      label(8, labels.profitTrades),
      figure(1, pair(String(s.profitTrades), `${share(s.profitTrades)}%`)),
      label(3, labels.lossTrades),
      figure(2, pair(String(s.lossTrades), `${share(s.lossTrades)}%`)),
    ) +
    labelledRow(
      labels.largest,
      labels.profitTrade,
      m(s.largestProfitTrade),
      labels.lossTrade,
      m(s.largestLossTrade),
    ) +
    labelledRow(
      labels.average,
      labels.profitTrade,
      m(s.averageProfitTrade),
      labels.lossTrade,
      m(s.averageLossTrade),
    ) +
    labelledRow(
      labels.maximum,
      labels.consecutiveWinsAmount,
      pair(String(s.maxConsecutiveWins), m(s.maxConsecutiveWinsAmount)),
      labels.consecutiveLossesAmount,
      pair(String(s.maxConsecutiveLosses), m(s.maxConsecutiveLossesAmount)),
    ) +
    labelledRow(
      labels.maximal,
      labels.consecutiveProfitCount,
      pair(m(s.maximalConsecutiveProfit), String(s.maximalConsecutiveProfitCount)),
      labels.consecutiveLossCount,
      pair(m(s.maximalConsecutiveLoss), String(s.maximalConsecutiveLossCount)),
    ) +
    labelledRow(
      labels.average,
      labels.consecutiveWins,
      String(runs.wins),
      labels.consecutiveLosses,
      String(runs.losses),
    )
  )
}
