import Decimal from 'decimal.js'

/**
 * Readers of the cells MetaTrader prints: plain functions, as a 10k-trade statement has ~150k
 * cells and a zod parse per row took a third of the import (decision 0047). Structure and
 * numbers are ASCII in every terminal language (contracts/statement-report.md); only labels
 * differ, and no reader here reads one.
 */

const DATE_TIME = /^(\d{4})\.(\d{2})\.(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/
// "1 045.74", "-9.36", "100 000.00": a space separates thousands (already collapsed to one)
const NUMBER = /^-?(?:\d{1,3}(?: \d{3})+|\d+)(?:\.\d+)?$/

export const looksLikeDateTime = (text: string | undefined): boolean =>
  text !== undefined && DATE_TIME.test(text)

export const looksLikeTicket = (text: string | undefined): boolean =>
  text !== undefined && /^\d+$/.test(text)

/**
 * A section's totals row: an empty first cell, then only amounts (at least two), e.g. MT4's
 * closed-transactions totals "| 0.00 | 0.00 | 1.28 | 44.46" and MT5's deals totals
 * "| 0.00 | 0.00 | 0.00 | 99 996.70 | 99 996.70 |". The terminal writes one after the rows of
 * closed trades (MT4) and of deals (MT5).
 */
export function looksLikeTotalsRow(texts: readonly string[]): boolean {
  if (texts.length < 3 || texts[0] !== '') return false
  let amounts = 0
  for (let i = 1; i < texts.length; i++) {
    const text = texts[i]!
    if (text === '') continue
    if (!NUMBER.test(text)) return false
    amounts++
  }
  return amounts >= 2
}

/**
 * What is wrong with one cell, in its column's words ("is not an amount (...)"). Thrown by the
 * cell readers below and turned into the row's `malformed-row` error by `readCell`.
 */
export class CellIssue {
  constructor(readonly message: string) {}
}

/** A cell's text as the row has it: undefined when the row has no such cell. */
export type CellText = string | undefined

/** Reads one cell's text, or throws a CellIssue. */
export type CellReader<T> = (cell: CellText) => T

const NOT_TEXT = 'Invalid input: expected string, received undefined'

export const textCell: CellReader<string> = (cell) => {
  if (typeof cell !== 'string') throw new CellIssue(NOT_TEXT)
  return cell
}

export const nonEmptyCell =
  (message: string): CellReader<string> =>
  (cell) => {
    if (textCell(cell) === '') throw new CellIssue(message)
    return cell!
  }

export const ticketCell: CellReader<string> = (cell) => {
  if (!/^\d+$/.test(textCell(cell))) throw new CellIssue('is not a ticket number')
  return cell!
}

/** "2024.03.12 05:14:04" -> "2024-03-12T05:14:04" (wall-clock time of the trade server) */
export const dateTimeCell: CellReader<string> = (cell) => {
  const fast = typeof cell === 'string' ? fullDateTime(cell) : null
  if (fast !== null) return fast
  const m = DATE_TIME.exec(textCell(cell))
  if (!m) throw new CellIssue(`is not a date and time ("${cell}")`)
  const [, y, mo, d, h, mi, s = '00'] = m
  if (!isCalendarDate(Number(y), Number(mo), Number(d)) || +h! > 23 || +mi! > 59 || +s > 59) {
    throw new CellIssue(`is not a valid date and time ("${cell}")`)
  }
  return `${y}-${mo}-${d}T${h}:${mi}:${s}`
}

/**
 * The layout every terminal prints, "YYYY.MM.DD HH:MM:SS", read from its character codes (10k
 * trades have 20k of them); null for anything else, which the regular expression then reads.
 */
function fullDateTime(cell: string): string | null {
  if (cell.length !== 19) return null
  if (
    cell.charCodeAt(4) !== 0x2e ||
    cell.charCodeAt(7) !== 0x2e ||
    cell.charCodeAt(10) !== 0x20 ||
    cell.charCodeAt(13) !== 0x3a ||
    cell.charCodeAt(16) !== 0x3a
  ) {
    return null
  }
  const year = digits(cell, 0, 4)
  const month = digits(cell, 5, 7)
  const day = digits(cell, 8, 10)
  const hour = digits(cell, 11, 13)
  const minute = digits(cell, 14, 16)
  const second = digits(cell, 17, 19)
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return null
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null
  return `${cell.slice(0, 4)}-${cell.slice(5, 7)}-${cell.slice(8, 10)}T${cell.slice(11, 19)}`
}

/** the number the ASCII digits of text[start, end) write, or -1 */
function digits(text: string, start: number, end: number): number {
  let value = 0
  for (let i = start; i < end; i++) {
    const d = text.charCodeAt(i) - 0x30
    if (d < 0 || d > 9) return -1
    value = value * 10 + d
  }
  return value
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!
  return day <= days
}

/** money -> integer cents, exact (half-up beyond the cent, which terminals do not print) */
export const moneyCell: CellReader<number> = (cell) => {
  const fast = typeof cell === 'string' ? plainCents(cell) : null
  if (fast !== null) return fast
  if (!NUMBER.test(textCell(cell))) throw new CellIssue(`is not an amount ("${cell}")`)
  return amountToCents(withoutSpaces(cell!))
}

/**
 * "-1045.7", "0.00", "12": an amount without thousands spaces and at most two decimals, read from
 * its character codes as amountToCents reads it ("-0.00" is -0 there too); null for anything else.
 */
function plainCents(cell: string): number | null {
  const negative = cell.charCodeAt(0) === 0x2d
  let i = negative ? 1 : 0
  const wholeStart = i
  let whole = 0
  for (; i < cell.length; i++) {
    const d = cell.charCodeAt(i) - 0x30
    if (d < 0 || d > 9) break
    whole = whole * 10 + d
  }
  // up to 15 digits: whole * 100 stays an exact integer
  if (i === wholeStart || i - wholeStart > 13) return null
  let fraction = 0
  if (i < cell.length) {
    if (cell.charCodeAt(i) !== 0x2e) return null
    const fractionDigits = cell.length - i - 1
    if (fractionDigits < 1 || fractionDigits > 2) return null
    const first = cell.charCodeAt(i + 1) - 0x30
    const second = fractionDigits === 2 ? cell.charCodeAt(i + 2) - 0x30 : 0
    if (first < 0 || first > 9 || second < 0 || second > 9) return null
    fraction = first * 10 + second
  }
  const cents = whole * 100 + fraction
  return negative ? -cents : cents
}

export const priceCell: CellReader<number> = (cell) => {
  if (!NUMBER.test(textCell(cell))) throw new CellIssue(`is not a price ("${cell}")`)
  return Number(withoutSpaces(cell!))
}

/** lots; MT5 order rows print "filled / requested", of which the first is the traded volume */
export const volumeCell: CellReader<number> = (cell) => {
  const first = textCell(cell).split(' / ')[0] ?? ''
  if (!NUMBER.test(first) || first.startsWith('-')) {
    throw new CellIssue(`is not a volume ("${cell}")`)
  }
  return Number(withoutSpaces(first))
}

export const sideCell: CellReader<'buy' | 'sell'> = (cell) => {
  if (cell === 'buy' || cell === 'sell') return cell
  throw new CellIssue('is not buy or sell')
}

/** '' -> null, else the reader's value; any other text it refuses is "Invalid input" */
export const optionalCell =
  <T>(read: CellReader<T>): CellReader<T | null> =>
  (cell) => {
    if (cell === '') return null
    try {
      return read(cell)
    } catch (error) {
      throw error instanceof CellIssue ? new CellIssue('Invalid input') : error
    }
  }

const withoutSpaces = (text: string) => (text.includes(' ') ? text.replace(/ /g, '') : text)

function amountToCents(plain: string): number {
  const negative = plain.startsWith('-')
  const [whole = '0', fraction = ''] = (negative ? plain.slice(1) : plain).split('.')
  if (fraction.length <= 2) {
    const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
    return negative ? -cents : cents
  }
  return new Decimal(plain).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber()
}
