import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { decodeStatementBytes, importStatement } from '../../src/statement'
import { MT4_FIXTURE, MT5_FIXTURE, readFixture, readFixtureText, utf8 } from './terminal-summary'

const mt4Html = readFixtureText(MT4_FIXTURE)
const mt5Html = readFixtureText(MT5_FIXTURE)
const mt4Report = importStatement(readFixture(MT4_FIXTURE))
const mt5Report = importStatement(readFixture(MT5_FIXTURE))

/** The MT4 fixture's labels as a Russian and a Chinese terminal would print them. */
const translations: readonly (readonly [english: string, russian: string, chinese: string])[] = [
  ['Un-official Statement', 'Неофициальный отчёт', '非正式报表'],
  ['Statement:', 'Отчёт:', '报表:'],
  ['Account:', 'Счёт:', '帐号:'],
  ['Name: ying li', 'Имя: Иван Петров', '姓名: 李颖'],
  ['ying li', 'Иван Петров', '李颖'],
  ['Currency:', 'Валюта:', '货币:'],
  ['Closed Transactions:', 'Закрытые сделки:', '已平仓交易:'],
  ['Open Trades:', 'Открытые сделки:', '未平仓交易:'],
  ['Working Orders:', 'Отложенные ордера:', '挂单:'],
  ['No transactions', 'Нет сделок', '无交易'],
  ['Open Time', 'Время открытия', '开仓时间'],
  ['Close Time', 'Время закрытия', '平仓时间'],
  ['Ticket', 'Тикет', '订单号'],
  ['<td>Type</td>', '<td>Тип</td>', '<td>类型</td>'],
  ['<td>Size</td>', '<td>Объём</td>', '<td>手数</td>'],
  ['<td>Item</td>', '<td>Символ</td>', '<td>商品</td>'],
  ['<td>Price</td>', '<td>Цена</td>', '<td>价格</td>'],
  ['<td>Commission</td>', '<td>Комиссия</td>', '<td>手续费</td>'],
  ['<td>Taxes</td>', '<td>Налоги</td>', '<td>税金</td>'],
  ['<td>Swap</td>', '<td>Своп</td>', '<td>库存费</td>'],
  ['<td>Profit</td>', '<td>Прибыль</td>', '<td>盈利</td>'],
  ['cancelled', 'отменён', '已取消'],
  ['Closed P/L:', 'Прибыль/убыток:', '平仓盈亏:'],
  ['Floating P/L:', 'Плавающая прибыль/убыток:', '浮动盈亏:'],
  ['Summary:', 'Итог:', '摘要:'],
  ['Details:', 'Подробности:', '详情:'],
  ['Gross Profit:', 'Общая прибыль:', '总盈利:'],
  ['Gross Loss:', 'Общий убыток:', '总亏损:'],
  ['Total Net Profit:', 'Чистая прибыль:', '总净盈利:'],
  ['Profit Factor:', 'Прибыльность:', '盈利因子:'],
  ['Expected Payoff:', 'Матожидание выигрыша:', '预期盈利:'],
  ['Absolute Drawdown:', 'Абсолютная просадка:', '绝对亏损:'],
  ['Maximal Drawdown:', 'Максимальная просадка:', '最大亏损:'],
  ['Relative Drawdown:', 'Относительная просадка:', '相对亏损:'],
  ['Total Trades:', 'Всего сделок:', '交易总数:'],
  ['Deposit/Withdrawal:', 'Депозит/Снятие:', '入金/出金:'],
  ['Credit Facility:', 'Кредит:', '信用额度:'],
  ['Free Margin:', 'Свободная маржа:', '可用预付款:'],
  ['Margin:', 'Маржа:', '预付款:'],
  ['Balance:', 'Баланс:', '结余:'],
  ['Equity:', 'Средства:', '净值:'],
]

/** Labels of a French terminal: accented letters only windows-1252 (not UTF-8) can hold here. */
const frenchLabels: readonly (readonly [english: string, french: string])[] = [
  ['Un-official Statement', 'Relevé non officiel'],
  ['Name: ying li', 'Nom: Hélène Lefèvre'],
  ['ying li', 'Hélène Lefèvre'],
  ['Closed Transactions:', 'Transactions clôturées:'],
  ['Open Trades:', 'Positions ouvertes:'],
  ['Working Orders:', 'Ordres en attente:'],
  ['Open Time', "Heure d'ouverture"],
  ['Close Time', 'Heure de clôture'],
  ['<td>Profit</td>', '<td>Bénéfice</td>'],
  ['cancelled', 'annulé'],
  ['Summary:', 'Résumé:'],
  ['Details:', 'Détails:'],
  ['Gross Profit:', 'Bénéfice brut:'],
  ['Gross Loss:', 'Perte brute:'],
  ['Total Net Profit:', 'Bénéfice net total:'],
  ['Expected Payoff:', 'Gain espéré:'],
  ['Deposit/Withdrawal:', 'Dépôt/Retrait:'],
  ['Credit Facility:', 'Crédit:'],
]

function translateMt4Into(labels: readonly (readonly [string, string])[]): string {
  let html = mt4Html
  for (const [english, translated] of labels) html = html.replaceAll(english, translated)
  return html
}

function translateMt4(language: 1 | 2): string {
  let html = mt4Html
  for (const row of translations) html = html.replaceAll(row[0], row[language])
  return html
}

describe('decoding an exported statement', () => {
  it('reads the MT5 report as the terminal writes it: UTF-16LE with a byte-order mark', () => {
    const bytes = iconv.encode(mt5Html, 'utf16le', { addBOM: true })
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe])
    expect(decodeStatementBytes(bytes)).toMatchObject({ source: 'bom', text: mt5Html })
    expect(importStatement(bytes)).toEqual(mt5Report)
  })

  it('reads UTF-16BE and UTF-8 with a byte-order mark, and UTF-16LE without one', () => {
    for (const bytes of [
      iconv.encode(mt5Html, 'utf16be', { addBOM: true }),
      iconv.encode(mt5Html, 'utf8', { addBOM: true }),
      iconv.encode(mt5Html, 'utf16le'),
    ]) {
      expect(decodeStatementBytes(bytes).text).toBe(mt5Html)
      expect(importStatement(bytes)).toEqual(mt5Report)
    }
  })

  it('reads the MT5 report re-saved as UTF-8 without a byte-order mark (the fixture as stored)', () => {
    expect(decodeStatementBytes(utf8(mt5Html))).toMatchObject({ source: 'utf8', text: mt5Html })
  })

  it('reads a Russian MT4 statement in windows-1251, undeclared, by guessing the code page', () => {
    const russian = translateMt4(1)
    const bytes = iconv.encode(russian, 'windows-1251')
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow()
    const decoded = decodeStatementBytes(bytes)
    expect(decoded).toMatchObject({ source: 'legacy-guess', encoding: 'windows-1251' })
    expect(decoded.text).toBe(russian)
    expect(importStatement(bytes)).toEqual(mt4Report)
  })

  it('reads a Chinese MT4 statement in GBK, undeclared, by guessing the code page', () => {
    const chinese = translateMt4(2)
    const bytes = iconv.encode(chinese, 'gbk')
    const decoded = decodeStatementBytes(bytes)
    expect(decoded.source).toBe('legacy-guess')
    expect(decoded.text).toBe(chinese)
    expect(importStatement(bytes)).toEqual(mt4Report)
  })

  it('reads a French MT4 statement in windows-1252 (a Western terminal), undeclared', () => {
    const french = translateMt4Into(frenchLabels)
    const bytes = iconv.encode(french, 'windows-1252')
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow()
    const decoded = decodeStatementBytes(bytes)
    expect(decoded).toMatchObject({ source: 'legacy-guess', encoding: 'windows-1252' })
    expect(decoded.text).toBe(french)
    expect(importStatement(bytes)).toEqual(mt4Report)
  })

  it('reads an MT5 report whatever its labels say: every Bulgarian word turned Chinese, UTF-16LE', () => {
    const chinese = mt5Html.replace(/[\u0400-\u04FF]+/g, '交易')
    expect(chinese).not.toMatch(/[\u0400-\u04FF]/)
    const bytes = iconv.encode(chinese, 'utf16le', { addBOM: true })
    expect(importStatement(bytes)).toEqual(mt5Report)
  })

  it('trusts a charset declared in a meta tag over guessing', () => {
    const russian = translateMt4(1).replace(
      '<head>',
      '<head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251">',
    )
    const decoded = decodeStatementBytes(iconv.encode(russian, 'windows-1251'))
    expect(decoded).toMatchObject({ source: 'declared', encoding: 'windows-1251', text: russian })
  })

  it('reads a statement as UTF-8 when its bytes are valid UTF-8', () => {
    const russian = translateMt4(1)
    expect(decodeStatementBytes(utf8(russian))).toMatchObject({ source: 'utf8', text: russian })
    expect(importStatement(utf8(russian))).toEqual(mt4Report)
  })
})
