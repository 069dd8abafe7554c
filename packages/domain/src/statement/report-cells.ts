import Decimal from 'decimal.js'
import { IANAZone, DateTime } from 'luxon'
import { z } from 'zod'

/**
 * Schemas of the cells MetaTrader prints. Structure and numbers are ASCII in every terminal
 * language (contracts/statement-report.md); only labels differ, and no schema here reads one.
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

export const ticketCell = z.string().regex(/^\d+$/, { message: 'is not a ticket number' })

/** "2024.03.12 05:14:04" -> "2024-03-12T05:14:04" (wall-clock time of the trade server) */
export const dateTimeCell = z.string().transform((text, ctx) => {
  const m = DATE_TIME.exec(text)
  if (!m) {
    ctx.addIssue({ code: 'custom', message: `is not a date and time ("${text}")` })
    return z.NEVER
  }
  const [, y, mo, d, h, mi, s = '00'] = m
  if (!isCalendarDate(Number(y), Number(mo), Number(d)) || +h! > 23 || +mi! > 59 || +s > 59) {
    ctx.addIssue({ code: 'custom', message: `is not a valid date and time ("${text}")` })
    return z.NEVER
  }
  return `${y}-${mo}-${d}T${h}:${mi}:${s}`
})

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!
  return day <= days
}

/** money -> integer cents, exact (half-up beyond the cent, which terminals do not print) */
export const moneyCell = z.string().transform((text, ctx) => {
  if (!NUMBER.test(text)) {
    ctx.addIssue({ code: 'custom', message: `is not an amount ("${text}")` })
    return z.NEVER
  }
  return amountToCents(text.replace(/ /g, ''))
})

export const priceCell = z.string().transform((text, ctx) => {
  if (!NUMBER.test(text)) {
    ctx.addIssue({ code: 'custom', message: `is not a price ("${text}")` })
    return z.NEVER
  }
  return Number(text.replace(/ /g, ''))
})

/** lots; MT5 order rows print "filled / requested", of which the first is the traded volume */
export const volumeCell = z.string().transform((text, ctx) => {
  const first = text.split(' / ')[0] ?? ''
  if (!NUMBER.test(first) || first.startsWith('-')) {
    ctx.addIssue({ code: 'custom', message: `is not a volume ("${text}")` })
    return z.NEVER
  }
  return Number(first.replace(/ /g, ''))
})

export const sideCell = z.enum(['buy', 'sell'], { message: 'is not buy or sell' })

function amountToCents(plain: string): number {
  const negative = plain.startsWith('-')
  const [whole = '0', fraction = ''] = (negative ? plain.slice(1) : plain).split('.')
  if (fraction.length <= 2) {
    const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
    return negative ? -cents : cents
  }
  return new Decimal(plain).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber()
}

/**
 * Server wall-clock time -> ISO-8601 UTC. Reports do not say the server's zone; without one the
 * wall clock is kept and labelled UTC, so times read exactly as the terminal printed them.
 */
export function serverTimeToIso(local: string, serverTimeZone: string | null): string {
  if (serverTimeZone === null) return local + 'Z'
  const utc = DateTime.fromISO(local, { zone: serverTimeZone }).toUTC()
  return utc.toISO({ suppressMilliseconds: true }) ?? local + 'Z'
}

export function isKnownTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone)
}
