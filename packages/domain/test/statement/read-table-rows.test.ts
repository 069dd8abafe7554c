import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeStatementBytes } from '../../src/statement'
import { readTableRows, scanTableRows } from '../../src/statement/read-table-rows'
import { readTableRowsGeneric } from '../../src/statement/read-table-rows-generic'
import { hasRealExports, MT4_EXPORT, MT5_EXPORT, readExport } from '../support/real-exports'
import {
  mt4DetailedStatement,
  mt5TradeHistoryReport,
  randomMt4History,
  randomMt5History,
  type Mt4Language,
  type Mt5Language,
} from '../support/statement-files'

// The scanner made for terminal markup (decision 0052) against htmlparser2's reader, which it
// hands a file to when it meets markup it does not read itself: the same rows, cell for cell,
// on every file; and the files terminals write are read by the scanner, not handed over.

const textOf = (bytes: Uint8Array) => decodeStatementBytes(bytes).text

// each case reads its files twice (~1 s on a busy shared machine, the properties ~5 s): the
// default 5 s timeout would fail correct runs
describe('the statement table scanner', { timeout: 60_000 }, () => {
  const mt4Languages: Mt4Language[] = ['en', 'ru', 'zh', 'fr']
  it.each(mt4Languages)(
    'reads a generated MT4 statement (%s) itself, as htmlparser2 does',
    (language) => {
      const html = textOf(
        mt4DetailedStatement(randomMt4History({ trades: 60, seed: 7 }), { language }).bytes,
      )
      const scanned = scanTableRows(html)
      expect(scanned).not.toBeNull()
      expect(scanned).toEqual(readTableRowsGeneric(html))
    },
  )

  const mt5Languages: Mt5Language[] = ['en', 'ru']
  it.each(mt5Languages)(
    'reads a generated MT5 report (%s) itself, hidden cells dropped, as htmlparser2 does',
    (language) => {
      const html = textOf(
        mt5TradeHistoryReport(randomMt5History({ trades: 60, seed: 11 }), { language }).bytes,
      )
      const scanned = scanTableRows(html)
      expect(scanned).not.toBeNull()
      expect(scanned).toEqual(readTableRowsGeneric(html))
    },
  )

  it.skipIf(!hasRealExports)(
    'reads the real MT4 and MT5 exports itself, as htmlparser2 does',
    () => {
      for (const path of [MT4_EXPORT, MT5_EXPORT]) {
        const html = textOf(readExport(path))
        const scanned = scanTableRows(html)
        expect(scanned).not.toBeNull()
        expect(scanned).toEqual(readTableRowsGeneric(html))
      }
    },
  )

  it('decodes the entities terminals write and plain numeric ones', () => {
    const html =
      '<table><tr><td>1&nbsp;045.74</td><td>A &amp; B &lt;x&gt; &quot;q&quot; &apos;s&apos;</td>' +
      '<td>&#39;&#x41;&#X42;&#8364;</td></tr></table></html>'
    expect(scanTableRows(html)).toEqual(readTableRowsGeneric(html))
    expect(readTableRows(html).rows[0]!.cells.map((c) => c.text)).toEqual([
      '1 045.74',
      'A & B <x> "q" \'s\'',
      "'AB€",
    ])
  })

  it.each([
    ['an entity without its ;', '<tr><td>A &amp B</td></tr>'],
    ['a named entity terminals do not write', '<tr><td>caf&eacute;</td></tr>'],
    ['a numeric entity browsers replace', '<tr><td>&#128;&#0;</td></tr>'],
    ['an entity in a cell attribute', '<tr><td colspan="&#50;">x</td></tr>'],
    ['CDATA', '<tr><td><![CDATA[a]]>b</td></tr>'],
    ['a comment closed at once', '<tr><td><!-->x</td></tr>'],
    ['a file cut inside a tag', '<tr><td>x</td><td cl'],
    ['a file cut inside a comment', '<tr><td>x<!-- y'],
    ['a textarea', '<tr><td><textarea>a</td></textarea></td></tr>'],
  ])('hands %s to htmlparser2', (_, html) => {
    expect(scanTableRows(html)).toBeNull()
    expect(readTableRows(html)).toEqual(readTableRowsGeneric(html))
  })

  /** pieces of markup, well and badly formed, that the two readers must treat alike */
  const fragments = [
    '<tr>',
    '</tr>',
    '<TR align=right>',
    '<tr/>',
    '<td>',
    '</td>',
    '<TD>',
    '</TD >',
    '<th>',
    '</th>',
    '<td colspan=2>',
    '<td colspan="3" class=mspt>',
    "<td colspan='0'>",
    '<td colspan=4/>',
    '<td class="hidden">',
    "<td style='display: none'>",
    '<td class=x hidden>',
    '<td class="a hidden b" colspan=2>',
    '<td title="a&amp;b">',
    '<td nowrap>',
    '<td / class=y>',
    '<td class>',
    '<td =x>',
    '<td a="1"b=2>',
    '<b>',
    '</b>',
    '<br/>',
    '<div align=center>',
    '&nbsp;',
    '&amp;',
    '&lt;',
    '&gt;',
    '&quot;',
    '&apos;',
    '&#39;',
    '&#x41;',
    '&#128;',
    '&#0;',
    '&#xD800;',
    '&eacute;',
    '&amp',
    '&',
    ';',
    '&#;',
    '&constructor;',
    '<!-- c -->',
    '<!---->',
    '<!-->',
    '<!--->',
    '<!--',
    '-->',
    '--!>',
    '--',
    '<!DOCTYPE html>',
    '<!doc>',
    '<!x>',
    '<!>',
    '<![CDATA[x]]>',
    '<?xml v?>',
    '</>',
    '</ x>',
    '</1>',
    '<style>',
    '</style>',
    '<STYLE type=x>',
    '</style x>',
    '<script>',
    '</script >',
    '<title>',
    '</title>',
    '<textarea>',
    '<xmp>',
    '</xmp>',
    '<plaintext>',
    '<',
    '>',
    '<1',
    '<<',
    ' ',
    '  ',
    '\n',
    '\t',
    '\r\n',
    '\u00a0',
    'x',
    '1 045.74',
    '2024.01.02 13:55:51',
    'buy',
    '</html>',
    '<html>',
    '<HTML >',
    '"',
    "'",
    '=',
    '/',
    '\x1c',
    '\x0f',
    'é',
    '中',
  ]
  const soup = fc
    .array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 3 })), { maxLength: 40 })
    .map((parts) => parts.join(''))

  it('gives the rows htmlparser2 gives on any markup, or hands the file over', () => {
    fc.assert(
      fc.property(soup, (html) => {
        const generic = readTableRowsGeneric(html)
        const scanned = scanTableRows(html)
        if (scanned !== null) expect(scanned).toEqual(generic)
        expect(readTableRows(html)).toEqual(generic)
      }),
      { numRuns: 5000 },
    )
  })

  it('gives the rows htmlparser2 gives on a statement with markup pasted anywhere', () => {
    const html = textOf(mt5TradeHistoryReport(randomMt5History({ trades: 2, seed: 3 })).bytes)
    expect(html.length).toBeLessThan(20_000)
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: html.length }), fc.constantFrom(...fragments)), {
          minLength: 1,
          maxLength: 4,
        }),
        (pastes) => {
          let mutated = html
          for (const [at, fragment] of pastes) {
            const where = Math.min(at, mutated.length)
            mutated = mutated.slice(0, where) + fragment + mutated.slice(where)
          }
          const generic = readTableRowsGeneric(mutated)
          const scanned = scanTableRows(mutated)
          if (scanned !== null) expect(scanned).toEqual(generic)
          expect(readTableRows(mutated)).toEqual(generic)
        },
      ),
      { numRuns: 250 },
    )
  })
})
