import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { decodeStatementBytes, importStatement } from '../../src/statement'
import {
  mt4DetailedStatement,
  mt5TradeHistoryReport,
  utf8,
  type Mt4StatementSpec,
} from '../support/statement-files'
import { mt4Spec, mt5Spec } from './known-histories'

// Statements as terminals in different languages write them (test/support/statement-files):
// MT5 in UTF-16LE with a byte-order mark, MT4 in the system's code page without declaring it.
// The labels and the holder's name change with the language; the report must not.

const named = (name: string): Mt4StatementSpec => ({
  ...mt4Spec,
  account: { ...mt4Spec.account, name },
})
const mt4Report = importStatement(mt4DetailedStatement(mt4Spec).bytes)
const mt5 = mt5TradeHistoryReport(mt5Spec)
const mt5Report = importStatement(mt5.bytes)

describe('decoding an exported statement', () => {
  it('reads the MT5 report as the terminal writes it: UTF-16LE with a byte-order mark', () => {
    expect(mt5.encoding).toBe('utf16le')
    expect([mt5.bytes[0], mt5.bytes[1]]).toEqual([0xff, 0xfe])
    expect(decodeStatementBytes(mt5.bytes)).toMatchObject({ source: 'bom', text: mt5.html })
  })

  it('reads UTF-16BE and UTF-8 with a byte-order mark, and UTF-16LE without one', () => {
    for (const bytes of [
      iconv.encode(mt5.html, 'utf16be', { addBOM: true }),
      iconv.encode(mt5.html, 'utf8', { addBOM: true }),
      iconv.encode(mt5.html, 'utf16le'),
    ]) {
      expect(decodeStatementBytes(bytes).text).toBe(mt5.html)
      expect(importStatement(bytes)).toEqual(mt5Report)
    }
  })

  it('reads an MT5 report re-saved as UTF-8 without a byte-order mark', () => {
    const resaved = mt5TradeHistoryReport(mt5Spec, { encoding: 'utf8' })
    expect(decodeStatementBytes(resaved.bytes)).toMatchObject({ source: 'utf8', text: mt5.html })
    expect(importStatement(resaved.bytes)).toEqual(mt5Report)
  })

  it('reads an MT4 statement of an English terminal (windows-1252, plain ASCII)', () => {
    const english = mt4DetailedStatement(mt4Spec)
    expect(english.encoding).toBe('windows-1252')
    expect(english.bytes.every((b) => b < 0x80)).toBe(true)
    expect(decodeStatementBytes(english.bytes).text).toBe(english.html)
  })

  it('reads a Russian MT4 statement in windows-1251, undeclared, by guessing the code page', () => {
    const russian = mt4DetailedStatement(named('Иван Петров'), { language: 'ru' })
    expect(russian.encoding).toBe('windows-1251')
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(russian.bytes)).toThrow()
    const decoded = decodeStatementBytes(russian.bytes)
    expect(decoded).toMatchObject({ source: 'legacy-guess', encoding: 'windows-1251' })
    expect(decoded.text).toBe(russian.html)
    expect(importStatement(russian.bytes)).toEqual(mt4Report)
  })

  it('reads a Chinese MT4 statement in GBK, undeclared, by guessing the code page', () => {
    const chinese = mt4DetailedStatement(named('李颖'), { language: 'zh' })
    expect(chinese.encoding).toBe('gbk')
    const decoded = decodeStatementBytes(chinese.bytes)
    expect(decoded.source).toBe('legacy-guess')
    expect(decoded.text).toBe(chinese.html)
    expect(importStatement(chinese.bytes)).toEqual(mt4Report)
  })

  it('reads a French MT4 statement in windows-1252 (a Western terminal), undeclared', () => {
    const french = mt4DetailedStatement(named('Hélène Lefèvre'), { language: 'fr' })
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(french.bytes)).toThrow()
    const decoded = decodeStatementBytes(french.bytes)
    expect(decoded).toMatchObject({ source: 'legacy-guess', encoding: 'windows-1252' })
    expect(decoded.text).toBe(french.html)
    expect(importStatement(french.bytes)).toEqual(mt4Report)
  })

  it('reads an MT5 report whatever its labels say: Russian, then every Russian word turned Chinese', () => {
    const russian = mt5TradeHistoryReport(mt5Spec, { language: 'ru' })
    expect(russian.html).toMatch(/Сделки/)
    expect(importStatement(russian.bytes)).toEqual(mt5Report)
    const chinese = russian.html.replace(/[\u0400-\u04FF]+/g, '交易')
    expect(chinese).not.toMatch(/[\u0400-\u04FF]/)
    expect(importStatement(iconv.encode(chinese, 'utf16le', { addBOM: true }))).toEqual(mt5Report)
  })

  it('trusts a charset declared in a meta tag over guessing', () => {
    const russian = mt4DetailedStatement(named('Иван Петров'), { language: 'ru' }).html.replace(
      '<head>',
      '<head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251">',
    )
    const decoded = decodeStatementBytes(iconv.encode(russian, 'windows-1251'))
    expect(decoded).toMatchObject({ source: 'declared', encoding: 'windows-1251', text: russian })
  })

  it('reads a statement as UTF-8 when its bytes are valid UTF-8', () => {
    const russian = mt4DetailedStatement(named('Иван Петров'), { language: 'ru', encoding: 'utf8' })
    expect(decodeStatementBytes(russian.bytes)).toMatchObject({
      source: 'utf8',
      text: russian.html,
    })
    expect(importStatement(utf8(russian.html))).toEqual(mt4Report)
  })
})
