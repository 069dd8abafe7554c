import { describe, expect, it } from 'vitest'
import {
  assertStatementSize,
  importStatement,
  MAX_STATEMENT_BYTES,
  StatementError,
  type StatementErrorCode,
} from '../../src/statement'
import { MT4_FIXTURE, MT5_FIXTURE, readFixture, readFixtureText, utf8 } from './terminal-summary'

function importError(bytes: Uint8Array): StatementError {
  try {
    importStatement(bytes)
  } catch (error) {
    if (error instanceof StatementError) return error
    throw error
  }
  throw new Error('expected the import to fail')
}

function expectRefused(bytes: Uint8Array, code: StatementErrorCode, message: RegExp) {
  const error = importError(bytes)
  expect(error.code).toBe(code)
  expect(error.message).toMatch(message)
}

describe('input that is not a statement is refused with a message naming the problem', () => {
  it('an empty file', () => {
    expectRefused(new Uint8Array(), 'empty', /empty/)
  })

  it('a file far larger than any terminal export, refused by its size alone', () => {
    expect(() => assertStatementSize(MAX_STATEMENT_BYTES)).not.toThrow()
    expect(() => assertStatementSize(MAX_STATEMENT_BYTES + 1)).toThrow(
      expect.objectContaining({ code: 'too-large' }),
    )
  })

  it('random bytes', () => {
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)
    expectRefused(bytes, 'not-a-statement', /not an MT4 Detailed Statement or an MT5/)
  })

  it('a JSON file', () => {
    expectRefused(utf8('{"trades": []}'), 'not-a-statement', /no HTML table/)
  })

  it('an HTML page with a table that is not a MetaTrader export', () => {
    const page = '<html><body><table><tr><td>Name</td><td>Price</td></tr></table></body></html>'
    expectRefused(utf8(page), 'not-a-statement', /no MetaTrader account header/)
  })

  it.each([
    ['MT4', MT4_FIXTURE],
    ['MT5', MT5_FIXTURE],
  ])('an %s export cut short halfway', (_, path) => {
    const bytes = readFixture(path)
    expectRefused(bytes.subarray(0, bytes.length / 2), 'truncated', /truncated/)
  })

  it.each([
    ['MT4', MT4_FIXTURE, '27851949'], // a closed trade in the middle of the closed transactions
    ['MT5', MT5_FIXTURE, '50485186554'], // an exit deal in the middle of the deals
  ])(
    'an %s export cut off right after a complete trade row, before the section totals',
    (_, path, ticket) => {
      const html = readFixtureText(path)
      const cut = html.slice(0, html.indexOf('</tr>', html.indexOf(`>${ticket}<`)) + '</tr>'.length)
      expect(cut.endsWith('</tr>')).toBe(true)
      expect(cut).not.toMatch(/<\/html>/i)
      expectRefused(utf8(cut), 'truncated', /truncated/)
    },
  )

  it('a closed trade whose profit is not a number, naming the row, ticket and column', () => {
    const html = readFixtureText(MT4_FIXTURE).replace(
      '<td class=mspt>-9.36</td>',
      '<td class=mspt>n/a</td>',
    )
    expectRefused(
      utf8(html),
      'malformed-row',
      /ticket 27830182.*"profit" is not an amount \("n\/a"\)/,
    )
  })

  it('an MT4 row of a transaction type the importer does not know', () => {
    const html = readFixtureText(MT4_FIXTURE).replace('<td>balance</td>', '<td>bonus</td>')
    expectRefused(
      utf8(html),
      'malformed-row',
      /ticket 27787245\): unknown transaction type "bonus"/,
    )
  })

  it('an MT5 deal with an impossible date', () => {
    const html = readFixtureText(MT5_FIXTURE).replace(
      '<td nowrap>2023.06.08 23:04:03</td><td nowrap>50485185809</td>',
      '<td nowrap>2023.06.31 23:04:03</td><td nowrap>50485185809</td>',
    )
    expect(html).not.toBe(readFixtureText(MT5_FIXTURE))
    expectRefused(utf8(html), 'malformed-row', /ticket 50485185809.*"time" is not a valid date/)
  })
})
