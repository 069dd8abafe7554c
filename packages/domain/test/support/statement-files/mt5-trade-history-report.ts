import type { StatementSummary } from '../../../src/statement'
import {
  encode,
  money,
  mt5HeaderDate,
  mt5Volume,
  percent,
  price,
  serverTimeMs,
  text,
  toCents,
} from './format'
import { MT5_LABELS, type Mt5Labels, type Mt5Language } from './labels'
import type { GeneratedStatement, Side } from './mt4-detailed-statement'
import { averageRunLengths, printedSummary, type CountedResult } from './printed-summary'

/**
 * MT5 "Trade History Report" (History -> Report -> HTML), written as the terminal writes it:
 * UTF-16LE with a byte-order mark, one table whose sections follow each other: the account
 * header (<th> cells), Positions (closed positions, one row each, with a hidden cell), Orders,
 * Deals (with a hidden Costs column, the running balance and a totals row), Open Positions, the
 * account figures and the Results.
 *
 * The report is built from positions and balance operations: each position has an entry deal
 * ("in") and one exit deal per (partial) close ("out", or "in/out", "out by" when given). Deal
 * and order tickets are numbered by the generator unless given. Amounts are in account currency;
 * times are the trade server's wall clock ("2023.06.08 23:03:00").
 */

export type Mt5Direction = 'out' | 'in/out' | 'out by'

export interface Mt5Exit {
  time: string
  volume: number
  price: number
  profit: number
  commission?: number
  fee?: number
  swap?: number
  direction?: Mt5Direction
  /** deal ticket; numbered by the generator unless given */
  deal?: number
  /** the closing order's ticket; numbered by the generator unless given */
  order?: number
  comment?: string
}

export interface Mt5Position {
  /** the position's ticket (the ticket of the order that opened it) */
  position: number
  symbol: string
  type: Side
  volume: number
  openTime: string
  openPrice: number
  sl?: number
  tp?: number
  /** commission and fee charged on the entry deal (in the balance, in no trade's result) */
  entryCommission?: number
  entryFee?: number
  /** the entry deal's ticket; numbered by the generator unless given */
  dealIn?: number
  comment?: string
  /** the symbol's digits (prices are printed with them); 5 unless given */
  digits?: number
  /** closes, oldest first; a position whose exits do not cover its volume is still open */
  exits: readonly Mt5Exit[]
  /** for a position still open: the market price, swap and floating profit of the report */
  marketPrice?: number
  floatingSwap?: number
  floatingProfit?: number
}

/** A deposit or withdrawal (`balance`) or credit (`credit`, which leaves the balance alone). */
export interface Mt5BalanceOperation {
  kind: 'balance' | 'credit'
  time: string
  amount: number
  comment?: string
  deal?: number
}

/** A pending order that never filled: in the Orders section only. */
export interface Mt5CancelledOrder {
  order: number
  openTime: string
  symbol: string
  type: 'buy limit' | 'sell limit' | 'buy stop' | 'sell stop'
  volume: number
  price: number
  sl?: number
  tp?: number
  /** when it was cancelled */
  time: string
  state?: 'canceled' | 'expired'
  comment?: string
  digits?: number
}

export interface Mt5ReportSpec {
  account: {
    login: string
    name: string
    currency: string
    server?: string
    company?: string
    isDemo?: boolean
    mode?: 'Hedge' | 'Netting'
  }
  positions: readonly Mt5Position[]
  operations?: readonly Mt5BalanceOperation[]
  cancelledOrders?: readonly Mt5CancelledOrder[]
  /** the balance before the report's first deal (a report of a later period); 0 unless given */
  openingBalance?: number
  margin?: number
  /** first ticket the generator gives deals (in time order); 1000 unless given */
  firstDeal?: number
  savedAt?: string
}

export interface Mt5Options {
  language?: Mt5Language
  /** 'utf16le' (the terminal's, with a byte-order mark) unless given, e.g. 'utf8' as re-saved */
  encoding?: string
  /** leave the Positions section out (older builds; the importer then pairs deals itself) */
  hasPositionsSection?: boolean
}

interface Deal {
  timeMs: number
  sequence: number
  time: string
  ticket: number
  symbol: string
  type: 'buy' | 'sell' | 'balance' | 'credit'
  direction: '' | 'in' | Mt5Direction
  volume: number | null
  price: number | null
  digits: number
  order: number | null
  commission: number
  fee: number
  swap: number
  profit: number
  balance: number
  comment: string
}

interface Order {
  timeMs: number
  openTime: string
  order: number
  symbol: string
  type: string
  filled: number
  requested: number
  price: number
  sl?: number
  tp?: number
  digits: number
  time: string
  state: string
  comment: string
}

export function mt5TradeHistoryReport(
  spec: Mt5ReportSpec,
  options: Mt5Options = {},
): GeneratedStatement {
  const labels = MT5_LABELS[options.language ?? 'en']
  const encoding = options.encoding ?? 'utf16le'
  const { deals, orders } = dealsAndOrders(spec, labels)

  const exits = deals.filter((d) => d.direction !== '' && d.direction !== 'in')
  const results: CountedResult[] = exits.map((d) => ({
    cents: d.profit + d.swap + d.commission + d.fee,
    isShort: d.type === 'buy', // a buy closes a short position
  }))
  const [first, ...rest] = deals
  const curve =
    first?.type === 'balance'
      ? { startCents: first.balance, pointsCents: rest.map((d) => d.balance) }
      : { startCents: toCents(spec.openingBalance ?? 0), pointsCents: deals.map((d) => d.balance) }
  const printed = printedSummary(results, curve)

  const closedPositions = spec.positions.filter((p) => isClosed(p))
  const openPositions = spec.positions.filter((p) => !isClosed(p))
  const html = [
    head(spec, labels),
    options.hasPositionsSection === false ? '' : positionsSection(closedPositions, labels),
    ordersSection(orders, labels),
    dealsSection(deals, labels),
    openPositionsSection(openPositions, labels),
    accountFigures(spec, deals, openPositions, labels),
    resultsSection(printed, results, labels),
    '    </table>\n</div>\n</body>\n</html>\n',
  ].join('')
  return { bytes: encode(html, encoding), html, encoding, printed }
}

const round8 = (v: number) => Math.round(v * 1e8) / 1e8
const exitVolume = (p: Mt5Position) => round8(p.exits.reduce((s, e) => s + e.volume, 0))
const isClosed = (p: Mt5Position) => p.exits.length > 0 && exitVolume(p) >= p.volume

function dealsAndOrders(spec: Mt5ReportSpec, labels: Mt5Labels) {
  const draft: Omit<Deal, 'ticket' | 'balance'>[] = []
  const explicit = new Map<number, number>() // draft index -> given ticket
  const orders: Order[] = []
  let sequence = 0
  const usedOrders = [
    ...spec.positions.map((p) => p.position),
    ...spec.positions.flatMap((p) => p.exits.map((e) => e.order ?? 0)),
    ...(spec.cancelledOrders ?? []).map((o) => o.order),
  ]
  let nextOrder = usedOrders.reduce((top, order) => Math.max(top, order), 0) + 1

  for (const op of spec.operations ?? []) {
    if (op.deal !== undefined) explicit.set(draft.length, op.deal)
    draft.push({
      timeMs: serverTimeMs(op.time),
      sequence: sequence++,
      time: op.time,
      symbol: '',
      type: op.kind,
      direction: '',
      volume: null,
      price: null,
      digits: 2,
      order: null,
      commission: 0,
      fee: 0,
      swap: 0,
      profit: toCents(op.amount),
      comment: op.comment ?? '',
    })
  }
  for (const p of spec.positions) {
    const digits = p.digits ?? 5
    const comment = p.comment ?? ''
    if (p.dealIn !== undefined) explicit.set(draft.length, p.dealIn)
    draft.push({
      timeMs: serverTimeMs(p.openTime),
      sequence: sequence++,
      time: p.openTime,
      symbol: p.symbol,
      type: p.type,
      direction: 'in',
      volume: p.volume,
      price: p.openPrice,
      digits,
      order: p.position,
      commission: toCents(p.entryCommission ?? 0),
      fee: toCents(p.entryFee ?? 0),
      swap: 0,
      profit: 0,
      comment,
    })
    orders.push({
      timeMs: serverTimeMs(p.openTime),
      openTime: p.openTime,
      order: p.position,
      symbol: p.symbol,
      type: p.type,
      filled: p.volume,
      requested: p.volume,
      price: p.openPrice,
      ...(p.sl === undefined ? {} : { sl: p.sl }),
      ...(p.tp === undefined ? {} : { tp: p.tp }),
      digits,
      time: p.openTime,
      state: labels.filled,
      comment,
    })
    const closingType = p.type === 'buy' ? 'sell' : 'buy'
    for (const exit of p.exits) {
      const order = exit.order ?? nextOrder++
      if (exit.deal !== undefined) explicit.set(draft.length, exit.deal)
      draft.push({
        timeMs: serverTimeMs(exit.time),
        sequence: sequence++,
        time: exit.time,
        symbol: p.symbol,
        type: closingType,
        direction: exit.direction ?? 'out',
        volume: exit.volume,
        price: exit.price,
        digits,
        order,
        commission: toCents(exit.commission ?? 0),
        fee: toCents(exit.fee ?? 0),
        swap: toCents(exit.swap ?? 0),
        profit: toCents(exit.profit),
        comment: exit.comment ?? comment,
      })
      orders.push({
        timeMs: serverTimeMs(exit.time),
        openTime: exit.time,
        order,
        symbol: p.symbol,
        type: closingType,
        filled: exit.volume,
        requested: exit.volume,
        price: exit.price,
        digits,
        time: exit.time,
        state: labels.filled,
        comment: exit.comment ?? '',
      })
    }
  }
  for (const o of spec.cancelledOrders ?? []) {
    orders.push({
      timeMs: serverTimeMs(o.openTime),
      openTime: o.openTime,
      order: o.order,
      symbol: o.symbol,
      type: o.type,
      filled: 0,
      requested: o.volume,
      price: o.price,
      ...(o.sl === undefined ? {} : { sl: o.sl }),
      ...(o.tp === undefined ? {} : { tp: o.tp }),
      digits: o.digits ?? 5,
      time: o.time,
      state: o.state === 'expired' ? 'expired' : labels.canceled,
      comment: o.comment ?? '',
    })
  }

  const ticketOf = new Map(draft.map((d, index) => [d, explicit.get(index)]))
  draft.sort((a, b) => a.timeMs - b.timeMs || a.sequence - b.sequence)
  let nextDeal = spec.firstDeal ?? 1000
  let balance = toCents(spec.openingBalance ?? 0)
  const deals: Deal[] = draft.map((d) => {
    if (d.type !== 'credit') balance += d.profit + d.swap + d.commission + d.fee
    return { ...d, ticket: ticketOf.get(d) ?? nextDeal++, balance }
  })
  orders.sort((a, b) => a.timeMs - b.timeMs || a.order - b.order)
  return { deals, orders }
}

/** rows alternate white and a light grey, starting over in each section */
const shade = (index: number) => (index % 2 === 0 ? '#FFFFFF' : '#F7F7F7')
const optionalPrice = (value: number | undefined, digits: number) =>
  value === undefined ? '' : price(value, digits)

function head(spec: Mt5ReportSpec, labels: Mt5Labels): string {
  const { login, name, currency } = spec.account
  const server = spec.account.server ?? 'Tradepeak-Demo'
  const company = spec.account.company ?? 'Tradepeak Ltd.'
  const kind = spec.account.isDemo === false ? 'real' : 'demo'
  const mode = spec.account.mode ?? 'Hedge'
  const savedAt = spec.savedAt ?? latestTime(spec)
  const headerRow = (label: string, value: string) =>
    [
      '        <tr align="left">',
      `            <th colspan="4" nowrap align="right" style="width: 220px; height: 20px">${label}</th>`,
      `            <th colspan="10" nowrap align="left" style="width: 220px; height: 20px"><b>${value}</b></th>`,
      '        </tr>',
    ].join('\n')
  const widths = [140, 60, 60, 60, 70, 60, 60, 60, 140, 60, 60, 60, 60, 100]
  return (
    [
      '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">',
      '<html>',
      '  <head>',
      `    <title>${login}: ${text(name)} - ${labels.heading}</title>`,
      '    <meta name="generator" content="client terminal">',
      '    <style type="text/css">',
      '    <!--',
      '    @media screen {',
      '      td { font: 8pt  Tahoma,Arial; }',
      '      th { font: 10pt Tahoma,Arial; }',
      '    }',
      '    @media print {',
      '      td { font: 7pt Tahoma,Arial; }',
      '      th { font: 9pt Tahoma,Arial; }',
      '    }',
      '    .msdate { mso-number-format:"General Date"; }',
      '    .mspt   { mso-number-format:\\#\\,\\#\\#0\\.00;  }',
      '    .hidden { display: none; }',
      '    body {margin:1px;}',
      '    //-->',
      '    </style>',
      '  </head>',
      '<body>',
      '<div align="center">',
      '    <table cellspacing="1" cellpadding="3" border="0">',
      '        <tr align="center">',
      `            <td colspan="14"><div style="font: 14pt Tahoma"><b>${labels.heading}</b><br></div></td>`,
      '        </tr>',
      headerRow(labels.name, text(name)),
      headerRow(
        labels.account,
        `${login}&nbsp;(${currency},&nbsp;${text(server)},&nbsp;${kind},&nbsp;${mode})`,
      ),
      headerRow(labels.company, text(company)),
      headerRow(labels.date, mt5HeaderDate(savedAt)),
      '        <tr>',
      ...widths.map(
        (w, i) =>
          `            <td nowrap style="width: ${w}px;${i === 0 ? 'height: 10px' : ''}"></td>`,
      ),
      '        </tr>',
    ].join('\n') + '\n'
  )
}

function latestTime(spec: Mt5ReportSpec): string {
  const times = [
    ...(spec.operations ?? []).map((o) => o.time),
    ...spec.positions.flatMap((p) => [p.openTime, ...p.exits.map((e) => e.time)]),
    ...(spec.cancelledOrders ?? []).map((o) => o.time),
  ]
  return times.reduce(
    (latest, t) => (serverTimeMs(t) > serverTimeMs(latest) ? t : latest),
    '1970.01.01 00:00:00',
  )
}

function sectionHead(title: string, columns: readonly (string | [string, string])[]): string {
  return [
    '        <tr align="center">',
    `            <th colspan="14" style="height: 25px"><div style="font: 10pt Tahoma"><b>${title}</b></div></th>`,
    '        </tr>',
    '        <tr align="center" bgcolor="#E5F0FC">',
    ...columns.map((column, i) => {
      const [label, attributes] = typeof column === 'string' ? [column, ''] : column
      return `            <td nowrap${i === 0 ? ' style="height: 30px"' : ''}${attributes}><b>${label}</b></td>`
    }),
    '        </tr>',
  ].join('\n')
}

const sectionGap = [
  '        <tr>',
  '            <td nowrap style="height: 10px"></td>',
  '        </tr>',
].join('\n')

function positionsSection(positions: readonly Mt5Position[], labels: Mt5Labels): string {
  const sorted = [...positions].sort(
    (a, b) => serverTimeMs(a.openTime) - serverTimeMs(b.openTime) || a.position - b.position,
  )
  const rows = sorted.map((p, index) => {
    const digits = p.digits ?? 5
    const last = p.exits.at(-1)!
    const closePrice =
      p.exits.reduce((s, e) => s + e.volume * e.price, 0) /
      p.exits.reduce((s, e) => s + e.volume, 0)
    const sum = (pick: (e: Mt5Exit) => number | undefined) =>
      p.exits.reduce((s, e) => s + toCents(pick(e) ?? 0), 0)
    return [
      '        ',
      `        <tr bgcolor="${shade(index)}" align="right">`,
      `            <td>${p.openTime}</td>`,
      `            <td>${p.position}</td>`,
      `            <td>${text(p.symbol)}</td>`,
      `            <td>${p.type}</td>`,
      `            <td class="hidden" colspan="8">${text(p.comment ?? '')}</td>`,
      `            <td class="">${mt5Volume(p.volume)}</td>`,
      `            <td class="">${price(p.openPrice, digits)}</td>`,
      `            <td class="">${optionalPrice(p.sl, digits)}</td>`,
      `            <td class="">${optionalPrice(p.tp, digits)}</td>`,
      `            <td class="">${last.time}</td>`,
      `            <td class="">${price(closePrice, digits)}</td>`,
      `            <td class="">${money(toCents(p.entryCommission ?? 0) + sum((e) => e.commission))}</td>`,
      `            <td class="">${money(sum((e) => e.swap))}</td>`,
      `            <td colspan="2">${money(sum((e) => e.profit))}</td>`,
      '        </tr>',
    ].join('\n')
  })
  const columns = [
    labels.time,
    labels.position,
    labels.symbol,
    labels.type,
    labels.volume,
    labels.price,
    'S / L',
    'T / P',
    labels.time,
    labels.price,
    labels.commission,
    labels.swap,
    [labels.profit, ' colspan="2"'] as [string, string],
  ]
  return [sectionHead(labels.positions, columns), ...rows, '        ', sectionGap].join('\n') + '\n'
}

function ordersSection(orders: readonly Order[], labels: Mt5Labels): string {
  const rows = orders.map(
    (o, index) =>
      `        <tr bgcolor="${shade(index)}" align="right"><td>${o.openTime}</td><td>${o.order}</td>` +
      `<td>${text(o.symbol)}</td><td>${o.type}</td><td>${mt5Volume(o.filled)} / ${mt5Volume(o.requested)}</td>` +
      `<td>${price(o.price, o.digits)}</td><td>${optionalPrice(o.sl, o.digits)}</td><td>${optionalPrice(o.tp, o.digits)}</td>` +
      `<td>${o.time}</td><td colspan="2">${o.state}</td><td colspan="3">${text(o.comment)}</td></tr>`,
  )
  const columns = [
    labels.openTime,
    labels.order,
    labels.symbol,
    labels.type,
    labels.volume,
    labels.price,
    'S / L',
    'T / P',
    labels.time,
    [labels.state, ' colspan="2"'] as [string, string],
    [labels.comment, ' colspan="3"'] as [string, string],
  ]
  return [sectionHead(labels.orders, columns), ...rows, sectionGap].join('\n') + '\n'
}

function dealsSection(deals: readonly Deal[], labels: Mt5Labels): string {
  const rows = deals.map((d, index) => {
    const cells = [
      d.time,
      String(d.ticket),
      text(d.symbol),
      d.type,
      d.direction,
      d.volume === null ? '' : mt5Volume(d.volume),
      d.price === null ? '' : price(d.price, d.digits),
      d.order === null ? '' : String(d.order),
    ]
    const money5 = [d.commission, d.fee, d.swap, d.profit, d.balance].map(money)
    return (
      `        <tr bgcolor="${shade(index)}" align="right">` +
      cells.map((c) => `<td nowrap>${c}</td>`).join('') +
      '<td nowrap class="hidden"></td>' +
      money5.map((c) => `<td nowrap>${c}</td>`).join('') +
      `<td nowrap>${text(d.comment)}</td></tr>`
    )
  })
  const sum = (pick: (d: Deal) => number) => deals.reduce((s, d) => s + pick(d), 0)
  const finalBalance = deals.at(-1)?.balance ?? 0
  const totals = [
    sum((d) => d.commission),
    sum((d) => d.fee),
    sum((d) => d.swap),
    sum((d) => (d.type === 'credit' ? 0 : d.profit)), // credit is not in the balance
    finalBalance,
  ]
  const columns = [
    labels.time,
    labels.deal,
    labels.symbol,
    labels.type,
    labels.direction,
    labels.volume,
    labels.price,
    labels.order,
    [labels.costs, ' class="hidden"'] as [string, string],
    labels.commission,
    labels.fee,
    labels.swap,
    labels.profit,
    labels.balanceColumn,
    labels.comment,
  ]
  return (
    [
      sectionHead(labels.deals, columns),
      ...rows,
      '        <tr align="right">',
      '            <td nowrap colspan="8" style="height: 30px"></td>',
      ...totals.map((c) => `            <td nowrap><b>${money(c)}</b></td>`),
      '            <td nowrap></td>',
      '        </tr>',
    ].join('\n') + '\n'
  )
}

function openPositionsSection(positions: readonly Mt5Position[], labels: Mt5Labels): string {
  const rows = positions.map((p, index) => {
    const digits = p.digits ?? 5
    return (
      `        <tr bgcolor="${shade(index)}" align="right"><td>${p.openTime}</td><td>${p.position}</td>` +
      `<td>${text(p.symbol)}</td><td>${p.type}</td><td>${mt5Volume(round8(p.volume - exitVolume(p)))}</td>` +
      `<td>${price(p.openPrice, digits)}</td><td>${optionalPrice(p.sl, digits)}</td><td>${optionalPrice(p.tp, digits)}</td>` +
      `<td>${price(p.marketPrice ?? p.openPrice, digits)}</td><td>${money(toCents(p.floatingSwap ?? 0))}</td>` +
      `<td>${money(toCents(p.floatingProfit ?? 0))}</td><td colspan="3">${text(p.comment ?? '')}</td></tr> `
    )
  })
  const swap = positions.reduce((s, p) => s + toCents(p.floatingSwap ?? 0), 0)
  const profit = positions.reduce((s, p) => s + toCents(p.floatingProfit ?? 0), 0)
  const columns = [
    labels.time,
    labels.position,
    labels.symbol,
    labels.type,
    labels.volume,
    labels.price,
    'S / L',
    'T / P',
    labels.marketPrice,
    labels.swap,
    labels.profit,
    [labels.comment, ' colspan="3"'] as [string, string],
  ]
  return (
    [
      sectionHead(labels.openPositions, columns) + ' ',
      ...rows,
      '        <tr align="right">',
      '            <td colspan="9" style="height: 30px"></td>',
      `            <td nowrap><b>${money(swap)}</b></td>`,
      `            <td nowrap><b>${money(profit)}</b></td>`,
      '            <td></td>',
      '        </tr>  ',
    ].join('\n') + '\n'
  )
}

const spacer = (height: number, span = 13) =>
  [
    '        <tr align="right">',
    `            <td colspan="${span}" style="height: ${height}px"></td>`,
    '        </tr>',
  ].join('\n')

function accountFigures(
  spec: Mt5ReportSpec,
  deals: readonly Deal[],
  open: readonly Mt5Position[],
  labels: Mt5Labels,
): string {
  const balance = deals.at(-1)?.balance ?? toCents(spec.openingBalance ?? 0)
  const credit = deals.reduce((s, d) => s + (d.type === 'credit' ? d.profit : 0), 0)
  const floating = open.reduce(
    (s, p) => s + toCents(p.floatingProfit ?? 0) + toCents(p.floatingSwap ?? 0),
    0,
  )
  const margin = toCents(spec.margin ?? 0)
  const equity = balance + credit + floating
  const marginLevel = margin === 0 ? 0 : (equity * 100) / margin
  const pairRow = (l1: string, v1: string, l2?: string, v2?: string) =>
    [
      '        <tr align="right">',
      `            <td colspan="3" style="height: 20px">${l1}</td>`,
      `            <td colspan="2"><b>${v1}</b></td>`,
      ...(l2 === undefined
        ? []
        : [
            '            <td></td>',
            `            <td colspan="3">${l2}</td>`,
            `            <td colspan="2"><b>${v2}</b></td>`,
          ]),
      '        </tr>',
    ].join('\n')
  return (
    [
      spacer(10),
      pairRow(labels.balance, money(balance), labels.freeMargin, money(equity - margin)),
      pairRow(labels.creditFacility, money(credit), labels.margin, money(margin)),
      pairRow(
        labels.floatingPl,
        money(floating),
        labels.marginLevel,
        `${groupedPercent(marginLevel)}%`,
      ),
      pairRow(labels.equity, money(equity)),
      spacer(10),
      '        <tr align="center">',
      `            <th colspan="13"><img src="ReportHistory-${spec.account.login}.png" title="${labels.balanceGraph}" width=820 height=200 border=0 alt="Graph"></th>`,
      '        </tr>',
    ].join('\n') + '\n'
  )
}

/** "91 934.45": percentages print like money */
const groupedPercent = (value: number) => money(Math.round(value * 100))

function resultsSection(
  s: StatementSummary,
  results: readonly CountedResult[],
  labels: Mt5Labels,
): string {
  const m = (amount: number) => money(toCents(amount))
  const pair = (head: string, tail: string) => `${head} (${tail})`
  const share = (count: number) => percent(s.totalTrades === 0 ? 0 : (count * 100) / s.totalTrades)
  const runs = averageRunLengths(results)
  const recovery = s.maximalDrawdown === 0 ? 0 : s.totalNetProfit / s.maximalDrawdown
  // a row's third figure, or the last of an indented row, spans the table's last two columns
  const line = (indent: boolean, ...pairs: [string, string][]) => {
    const isWide = (i: number) => i === 2 || (indent && i === pairs.length - 1)
    return [
      '        <tr align="right">',
      ...(indent ? ['            <td nowrap colspan="4"></td>'] : []),
      ...pairs.flatMap(([label, value], i) => [
        `            <td nowrap colspan="3">${label}</td>`,
        `            <td nowrap${isWide(i) ? ' colspan="2"' : ''}><b>${value}</b></td>`,
      ]),
      '        </tr>',
    ].join('\n')
  }
  const gap = sectionGap
  return (
    [
      '        <tr>',
      `            <td colspan="13" align="center"><div style="font: 10pt Tahoma"><b>${labels.results}</b></div></td>`,
      '        </tr>',
      line(
        false,
        [labels.totalNetProfit, m(s.totalNetProfit)],
        [labels.grossProfit, m(s.grossProfit)],
        [labels.grossLoss, m(s.grossLoss)],
      ),
      line(
        false,
        [labels.profitFactor, m(s.profitFactor ?? 0)],
        [labels.expectedPayoff, m(s.expectedPayoff)],
      ),
      line(
        false,
        [labels.recoveryFactor, recovery.toFixed(2)],
        [labels.sharpeRatio, sharpe(results).toFixed(2)],
      ),
      gap,
      '        <tr align="right">',
      `            <td nowrap colspan="3">${labels.balanceDrawdown}</td>`,
      '        </tr>',
      line(
        false,
        [labels.absoluteDrawdown, m(s.absoluteDrawdown)],
        [
          labels.maximalDrawdown,
          pair(m(s.maximalDrawdown), `${percent(s.maximalDrawdownPercent)}%`),
        ],
        [
          labels.relativeDrawdown,
          pair(`${percent(s.relativeDrawdownPercent)}%`, m(s.relativeDrawdown)),
        ],
      ),
      gap,
      line(
        false,
        [labels.totalTrades, String(s.totalTrades)],
        [labels.shortTrades, pair(String(s.shortTrades), `${percent(s.shortTradesWonPercent)}%`)],
        [labels.longTrades, pair(String(s.longTrades), `${percent(s.longTradesWonPercent)}%`)],
      ),
      line(
        true,
        [labels.profitTrades, pair(String(s.profitTrades), `${share(s.profitTrades)}%`)],
        [labels.lossTrades, pair(String(s.lossTrades), `${share(s.lossTrades)}%`)],
      ),
      line(
        true,
        [labels.largestProfitTrade, m(s.largestProfitTrade)],
        [labels.largestLossTrade, m(s.largestLossTrade)],
      ),
      line(
        true,
        [labels.averageProfitTrade, m(s.averageProfitTrade)],
        [labels.averageLossTrade, m(s.averageLossTrade)],
      ),
      line(
        true,
        [
          labels.maxConsecutiveWins,
          pair(String(s.maxConsecutiveWins), m(s.maxConsecutiveWinsAmount)),
        ],
        [
          labels.maxConsecutiveLosses,
          pair(String(s.maxConsecutiveLosses), m(s.maxConsecutiveLossesAmount)),
        ],
      ),
      line(
        true,
        [
          labels.maximalConsecutiveProfit,
          pair(m(s.maximalConsecutiveProfit), String(s.maximalConsecutiveProfitCount)),
        ],
        [
          labels.maximalConsecutiveLoss,
          pair(m(s.maximalConsecutiveLoss), String(s.maximalConsecutiveLossCount)),
        ],
      ),
      line(
        true,
        [labels.averageConsecutiveWins, String(runs.wins)],
        [labels.averageConsecutiveLosses, String(runs.losses)],
      ),
      gap,
    ].join('\n') + '\n'
  )
}

/** mean over standard deviation of the trades' results: printed, never read back */
function sharpe(results: readonly CountedResult[]): number {
  if (results.length < 2) return 0
  const mean = results.reduce((s, r) => s + r.cents, 0) / results.length
  const variance = results.reduce((s, r) => s + (r.cents - mean) ** 2, 0) / (results.length - 1)
  return variance === 0 ? 0 : mean / Math.sqrt(variance)
}
