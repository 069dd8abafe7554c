import { describe, expect, it } from 'vitest'
import {
  assetClassTerms,
  getInstrument,
  instruments,
  instrumentSymbols,
  isInstrumentSymbol,
  parsePrice,
  volumeLimits,
} from '../../src/trading'
import { policy } from './support'

describe('instrument catalogue', () => {
  it('lists the forex majors and crosses, metals, indices and crypto of the trading issue', () => {
    expect(instrumentSymbols).toEqual([
      'EURUSD',
      'GBPUSD',
      'USDJPY',
      'USDCHF',
      'USDCAD',
      'AUDUSD',
      'NZDUSD',
      'EURGBP',
      'EURJPY',
      'GBPJPY',
      'EURCHF',
      'AUDJPY',
      'EURAUD',
      'GBPCHF',
      'CADJPY',
      'AUDCAD',
      'NZDJPY',
      'XAUUSD',
      'XAGUSD',
      'US30',
      'NAS100',
      'SPX500',
      'BTCUSD',
      'ETHUSD',
    ])
  })

  it('quotes forex in 5 digits, yen pairs in 3; a pip is 10 points', () => {
    expect(getInstrument('EURUSD')).toMatchObject({
      digits: 5,
      point: '0.00001',
      pipSize: '0.0001',
      contractSize: 100_000,
    })
    expect(getInstrument('GBPJPY')).toMatchObject({ digits: 3, point: '0.001', pipSize: '0.01' })
    expect(getInstrument('XAUUSD')).toMatchObject({ digits: 2, pipSize: '0.1', contractSize: 100 })
    expect(getInstrument('US30')).toMatchObject({ digits: 2, pipSize: '1', contractSize: 1 })
  })

  it('converts every profit currency to USD through a pair it quotes', () => {
    for (const instrument of instruments) {
      if (instrument.profitCurrency === 'USD') {
        expect(instrument.usdConversion).toBeNull()
        continue
      }
      const conversion = instrument.usdConversion!
      expect(isInstrumentSymbol(conversion.symbol)).toBe(true)
      expect(conversion.symbol).toBe(
        conversion.isDivide ? `USD${instrument.profitCurrency}` : `${instrument.profitCurrency}USD`,
      )
    }
    expect(getInstrument('EURGBP').usdConversion).toMatchObject({
      symbol: 'GBPUSD',
      isDivide: false,
    })
    expect(getInstrument('CADJPY').usdConversion).toMatchObject({
      symbol: 'USDJPY',
      isDivide: true,
    })
  })

  it("takes forex's maximum volume from the plan (50 lots) and caps the rest itself", () => {
    for (const instrument of instruments) {
      const { max } = volumeLimits(instrument, policy)
      if (instrument.assetClass === 'forex') expect(max).toBe(policy.maxLotsPerForexOrder * 100)
      else expect(max).toBe(instrument.volumeMax)
    }
  })

  it("trades forex at the account's leverage and caps metals, indices and crypto", () => {
    expect(assetClassTerms.forex.leverageCap).toBeNull()
    expect([
      assetClassTerms.metal.leverageCap,
      assetClassTerms.index.leverageCap,
      assetClassTerms.crypto.leverageCap,
    ]).toEqual([20, 20, 2])
    for (const cap of [20, 2]) expect(cap).toBeLessThan(policy.leverage.standard)
  })

  it('gives every instrument a quotable start price, a spread and a volatility', () => {
    for (const instrument of instruments) {
      expect(parsePrice(instrument, instrument.model.startPrice)).not.toBeNull()
      expect(instrument.typicalSpreadPoints).toBeGreaterThan(0)
      expect(instrument.model.annualVolatilityPercent).toBeGreaterThan(0)
      expect(instrument.stopsLevelPoints).toBeGreaterThan(0)
    }
  })

  it('starts the crosses at the products of the majors, within a pip or two', () => {
    const start = (symbol: string) => Number(getInstrument(symbol).model.startPrice)
    expect(start('EURJPY')).toBeCloseTo(start('EURUSD') * start('USDJPY'), 1)
    expect(start('EURGBP')).toBeCloseTo(start('EURUSD') / start('GBPUSD'), 3)
    expect(start('AUDCAD')).toBeCloseTo(start('AUDUSD') * start('USDCAD'), 3)
  })

  it('is frozen: no caller can change an instrument', () => {
    expect(() => {
      ;(getInstrument('EURUSD') as { digits: number }).digits = 4
    }).toThrow()
  })

  it('refuses unknown symbols', () => {
    expect(() => getInstrument('EURUSD.pro')).toThrow('unknown symbol: EURUSD.pro')
    expect(isInstrumentSymbol('toString')).toBe(false)
  })
})
