import { describe, expect, it } from 'vitest'
import {
  assertStatementSize,
  importStatement,
  MAX_STATEMENT_BYTES,
  StatementError,
  type StatementErrorCode,
} from '../../src/statement'
import {
  mt4DetailedStatement,
  mt5TradeHistoryReport,
  randomMt4History,
  randomMt5History,
  utf8,
} from '../support/statement-files'
import { mt4Spec, mt5Spec } from './known-histories'

const mt4 = mt4DetailedStatement(mt4Spec)
const mt5 = mt5TradeHistoryReport(mt5Spec)

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

  // histories long enough that half the file ends among the trade rows
  it.each([
    ['MT4', mt4DetailedStatement(randomMt4History({ trades: 200, seed: 4 })).bytes],
    ['MT5', mt5TradeHistoryReport(randomMt5History({ trades: 200, seed: 5 })).bytes],
  ])('an %s export cut short halfway', (_, bytes) => {
    expectRefused(bytes.subarray(0, bytes.length / 2), 'truncated', /truncated/)
  })

  it.each([
    ['MT4', mt4.html, '1006'], // a closed trade in the middle of the closed transactions
    ['MT5', mt5.html, '1007'], // an exit deal in the middle of the deals
  ])(
    'an %s export cut off right after a complete trade row, before the section totals',
    (_, html, ticket) => {
      const cut = html.slice(0, html.indexOf('</tr>', html.indexOf(`>${ticket}<`)) + '</tr>'.length)
      expect(cut.endsWith('</tr>')).toBe(true)
      expect(cut).not.toMatch(/<\/html>/i)
      expectRefused(utf8(cut), 'truncated', /truncated/)
    },
  )

  it('a closed trade whose profit is not a number, naming the row, ticket and column', () => {
    const row = '<td class=mspt>-30.00</td></tr>'
    expect(mt4.html.split(row)).toHaveLength(2)
    const html = mt4.html.replace(row, '<td class=mspt>n/a</td></tr>')
    expectRefused(utf8(html), 'malformed-row', /ticket 1009.*"profit" is not an amount \("n\/a"\)/)
  })

  it('an MT4 row of a transaction type the importer does not know', () => {
    const html = mt4.html.replace('<td>credit</td>', '<td>bonus</td>')
    expectRefused(utf8(html), 'malformed-row', /ticket 1007\): unknown transaction type "bonus"/)
  })

  it('an MT5 deal with an impossible date', () => {
    const deal = '<td nowrap>2024.05.06 12:30:00</td><td nowrap>1007</td>'
    expect(mt5.html).toContain(deal)
    const html = mt5.html.replace(deal, deal.replace('05.06', '06.31'))
    expectRefused(utf8(html), 'malformed-row', /ticket 1007.*"time" is not a valid date/)
  })
})
