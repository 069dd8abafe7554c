import Decimal from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CellIssue, dateTimeCell, moneyCell } from '../../src/statement/report-cells'
import { normalizeSpace } from '../../src/statement/table-markup'

// The cell readers read the layouts terminals print from character codes (decision 0052); every
// other text goes through the regular expressions. Held here to the regular expressions alone,
// as the readers were before: the same value, or the same refusal, for any text.

const DATE_TIME = /^(\d{4})\.(\d{2})\.(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/
const NUMBER = /^-?(?:\d{1,3}(?: \d{3})+|\d+)(?:\.\d+)?$/

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return day <= [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!
}

function dateTimeByPattern(cell: string): string {
  const m = DATE_TIME.exec(cell)
  if (!m) throw new CellIssue(`is not a date and time ("${cell}")`)
  const [, y, mo, d, h, mi, s = '00'] = m
  if (!isCalendarDate(Number(y), Number(mo), Number(d)) || +h! > 23 || +mi! > 59 || +s > 59) {
    throw new CellIssue(`is not a valid date and time ("${cell}")`)
  }
  return `${y}-${mo}-${d}T${h}:${mi}:${s}`
}

function centsByPattern(cell: string): number {
  if (!NUMBER.test(cell)) throw new CellIssue(`is not an amount ("${cell}")`)
  const plain = cell.replace(/ /g, '')
  const negative = plain.startsWith('-')
  const [whole = '0', fraction = ''] = (negative ? plain.slice(1) : plain).split('.')
  if (fraction.length <= 2) {
    const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
    return negative ? -cents : cents
  }
  return new Decimal(plain).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber()
}

const outcome = <T>(read: () => T) => {
  try {
    return { value: read() }
  } catch (error) {
    return { issue: (error as CellIssue).message }
  }
}

const textOf = (chars: string, maxLength: number) =>
  fc.array(fc.constantFrom(...chars.split('')), { maxLength }).map((parts) => parts.join(''))

describe('cell readers', { timeout: 60_000 }, () => {
  it('read a date and time as the pattern does, valid or not', () => {
    const printed = fc
      .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 19).replace(/-/g, '.').replace('T', ' '))
    fc.assert(
      fc.property(fc.oneof(printed, textOf('0123456789.: -x', 21)), (cell) => {
        expect(outcome(() => dateTimeCell(cell))).toEqual(outcome(() => dateTimeByPattern(cell)))
      }),
      { numRuns: 3000 },
    )
    expect(outcome(() => dateTimeCell('2024.02.30 10:00:00'))).toEqual({
      issue: 'is not a valid date and time ("2024.02.30 10:00:00")',
    })
  })

  it('read an amount in cents as the pattern does, -0.00 included', () => {
    fc.assert(
      fc.property(textOf('0123456789.- ', 18), (cell) => {
        expect(outcome(() => moneyCell(cell))).toEqual(outcome(() => centsByPattern(cell)))
      }),
      { numRuns: 3000 },
    )
    expect(Object.is(moneyCell('-0.00'), -0)).toBe(true)
    expect(moneyCell('-1 045.7')).toBe(-104570)
  })

  it('collapse and trim the whitespace of a cell as the pattern does', () => {
    fc.assert(
      fc.property(textOf('a1. \u00a0\t\n-', 12), (text) => {
        const trimmed = text.trim()
        expect(normalizeSpace(text)).toBe(trimmed.replace(/\s+/g, ' '))
      }),
      { numRuns: 2000 },
    )
  })
})
