import { z } from 'zod'
import { formatFixedTrimmed, parseFixed } from './decimal-text'
import { ratio, type Ratio } from './exact'
import { tradingMessages } from './messages'
import type { TradingHours } from './trading-hours'
import { VOLUME_UNITS_PER_LOT } from './volume-units'

export { VOLUME_DECIMALS, VOLUME_UNITS_PER_LOT } from './volume-units'

/**
 * The instruments of the simulated trading server: one catalogue for the server (pricing, fills,
 * margin, swaps, the market model) and the web terminal (symbols, digits, volume steps, hours).
 * Figures are typical of a raw-spread MetaTrader account at a prop firm; see
 * docs/decisions/0013-trading-maths.md for the sources and the rules built on them.
 */

export const assetClasses = ['forex', 'metal', 'index', 'crypto'] as const
export type AssetClass = (typeof assetClasses)[number]

/** The account currency of every trading account (decisions.md: all balances are USD). */
export const ACCOUNT_CURRENCY = 'USD'

/** Weekday of a triple swap: 3 = Wednesday, 5 = Friday (ISO); null = one night every day. */
export type TripleSwapWeekday = 3 | 5 | null

/** What an asset class shares: hours, leverage cap, commission, swap calendar. */
export interface AssetClassTerms {
  readonly label: string
  /**
   * The most leverage this class gets, whatever the account's leverage; null = the account's
   * leverage (forex). Roughly the ESMA retail caps, which prop firms in this segment follow.
   */
  readonly leverageCap: number | null
  /** USD cents per lot per side (charged on the opening and on the closing deal) */
  readonly commissionPerLotCents: number
  readonly tripleSwapWeekday: TripleSwapWeekday
  /** whether swap is charged at weekend rollovers too (crypto trades every day) */
  readonly hasWeekendRollovers: boolean
  readonly hours: TradingHours
  /** hours per year the market is open: the clock the annual volatility is spread over */
  readonly tradingHoursPerYear: number
}

const forexHours: TradingHours = {
  kind: 'weekly',
  sundayOpen: '17:00',
  fridayClose: '17:00',
  dailyBreak: null,
}
const metalHours: TradingHours = {
  kind: 'weekly',
  sundayOpen: '17:00',
  fridayClose: '17:00',
  dailyBreak: { from: '17:00', to: '18:00' },
}
const indexHours: TradingHours = {
  kind: 'weekly',
  sundayOpen: '18:00',
  fridayClose: '17:00',
  dailyBreak: { from: '17:00', to: '18:00' },
}
const alwaysOpen: TradingHours = { kind: 'always' }

const WEEKS_PER_YEAR = 52
export const assetClassTerms: Readonly<Record<AssetClass, AssetClassTerms>> = {
  forex: {
    label: 'Forex',
    leverageCap: null,
    commissionPerLotCents: 350,
    tripleSwapWeekday: 3,
    hasWeekendRollovers: false,
    hours: forexHours,
    tradingHoursPerYear: 120 * WEEKS_PER_YEAR,
  },
  metal: {
    label: 'Metals',
    leverageCap: 20,
    commissionPerLotCents: 350,
    tripleSwapWeekday: 3,
    hasWeekendRollovers: false,
    hours: metalHours,
    tradingHoursPerYear: 115 * WEEKS_PER_YEAR,
  },
  index: {
    label: 'Indices',
    leverageCap: 20,
    commissionPerLotCents: 0,
    tripleSwapWeekday: 5,
    hasWeekendRollovers: false,
    hours: indexHours,
    tradingHoursPerYear: 114 * WEEKS_PER_YEAR,
  },
  crypto: {
    label: 'Crypto',
    leverageCap: 2,
    commissionPerLotCents: 0,
    tripleSwapWeekday: null,
    hasWeekendRollovers: true,
    hours: alwaysOpen,
    tradingHoursPerYear: 24 * 365,
  },
}

/** How the market model prices an instrument (see market-model.ts). */
export interface ModelParameters {
  /** price at the model's first state, a decimal string */
  readonly startPrice: string
  readonly annualVolatilityPercent: number
  /** mean time between ticks in an average session */
  readonly meanTickIntervalMs: number
  /** expected price jumps per trading day and their typical size (crypto) */
  readonly jumpsPerDay: number
  readonly jumpPercent: number
}

interface InstrumentDefinition {
  readonly description: string
  readonly assetClass: AssetClass
  readonly baseCurrency: string
  readonly profitCurrency: string
  readonly digits: number
  /** points per pip */
  readonly pipPoints: number
  readonly contractSize: number
  /** lots; null for forex, whose maximum is the plan policy's maxLotsPerForexOrder */
  readonly volumeMaxLots: number | null
  readonly typicalSpreadPoints: number
  /** points per lot per night, at most 2 decimals */
  readonly swapLongPoints: number
  readonly swapShortPoints: number
  /** the closest a stop loss, take profit or pending price may be to the market, in points */
  readonly stopsLevelPoints: number
  readonly model: ModelParameters
}

/** How amounts of an instrument's profit currency become USD cents (see conversion.ts). */
export interface UsdConversion {
  /** the pair quoting the profit currency against USD, e.g. USDJPY or GBPUSD */
  readonly symbol: string
  /** USDJPY: divide by the rate; GBPUSD: multiply by it */
  readonly isDivide: boolean
  /** 10^digits of the conversion pair */
  readonly scale: number
}

export interface Instrument extends InstrumentDefinition {
  readonly symbol: InstrumentSymbol
  /** a price step as a decimal string, e.g. "0.00001" */
  readonly point: string
  readonly pipSize: string
  /** 10^digits: points per 1.0 of price */
  readonly scale: number
  readonly volumeMin: number
  readonly volumeStep: number
  /** lots in hundredths (0.01 lot = 1); null for forex (see volumeLimits) */
  readonly volumeMax: number | null
  readonly commissionPerLotCents: number
  /** swap per lot per night in hundredths of a point */
  readonly swapLong: number
  readonly swapShort: number
  readonly leverageCap: number | null
  readonly hours: TradingHours
  readonly usdConversion: UsdConversion | null
  /**
   * Profit-currency cents per point per hundredth of a lot (contractSize / 10^digits) with the
   * conversion pair's scale folded in: the one constant of the mark-to-market path.
   */
  readonly valuation: Ratio
}

// Majors tick more often than crosses; currencies never jump on their own in this model.
const majorTicks = { meanTickIntervalMs: 700, jumpsPerDay: 0, jumpPercent: 0 }
const crossTicks = { meanTickIntervalMs: 1_100, jumpsPerDay: 0, jumpPercent: 0 }

type ForexRow = readonly [
  description: string,
  startPrice: string,
  annualVolatilityPercent: number,
  typicalSpreadPoints: number,
  swapLongPoints: number,
  swapShortPoints: number,
]

// Start prices of the crosses are the products of the majors', so the book starts consistent.
const forexMajors = {
  EURUSD: ['Euro vs US Dollar', '1.08500', 7, 2, -7.2, 2.1],
  GBPUSD: ['Great Britain Pound vs US Dollar', '1.27000', 8, 4, -4.1, -0.6],
  USDJPY: ['US Dollar vs Japanese Yen', '150.000', 10, 4, 14.5, -28.3],
  USDCHF: ['US Dollar vs Swiss Franc', '0.88000', 7.5, 6, 5.3, -12.4],
  USDCAD: ['US Dollar vs Canadian Dollar', '1.36000', 6, 6, 1.8, -7.6],
  AUDUSD: ['Australian Dollar vs US Dollar', '0.66000', 10, 4, -2.9, -1.8],
  NZDUSD: ['New Zealand Dollar vs US Dollar', '0.61000', 10.5, 8, -1.7, -2.6],
} as const satisfies Record<string, ForexRow>

const forexCrosses = {
  EURGBP: ['Euro vs Great Britain Pound', '0.85430', 5.5, 8, -6, 1.5],
  EURJPY: ['Euro vs Japanese Yen', '162.750', 9.5, 10, 9.8, -22],
  GBPJPY: ['Great Britain Pound vs Japanese Yen', '190.500', 11, 18, 18.2, -35.5],
  EURCHF: ['Euro vs Swiss Franc', '0.95480', 5.5, 12, -1.1, -4.2],
  AUDJPY: ['Australian Dollar vs Japanese Yen', '99.000', 13, 12, 9.1, -18.4],
  EURAUD: ['Euro vs Australian Dollar', '1.64390', 9, 16, -9.3, 1.9],
  GBPCHF: ['Great Britain Pound vs Swiss Franc', '1.11760', 8.5, 20, 4.1, -11.7],
  CADJPY: ['Canadian Dollar vs Japanese Yen', '110.290', 11, 14, 8.6, -17.9],
  AUDCAD: ['Australian Dollar vs Canadian Dollar', '0.89760', 7.5, 14, -2.2, -3.8],
  NZDJPY: ['New Zealand Dollar vs Japanese Yen', '91.500', 13, 16, 7.4, -15.6],
} as const satisfies Record<string, ForexRow>

function forexDefinitions<Pair extends string>(
  rows: Record<Pair, ForexRow>,
  ticks: typeof majorTicks,
): Record<Pair, InstrumentDefinition> {
  const entries = Object.entries<ForexRow>(rows).map(
    ([pair, row]): [string, InstrumentDefinition] => {
      const [description, startPrice, annualVolatilityPercent, spread, swapLong, swapShort] = row
      const quote = pair.slice(3)
      return [
        pair,
        {
          description,
          assetClass: 'forex',
          baseCurrency: pair.slice(0, 3),
          profitCurrency: quote,
          digits: quote === 'JPY' ? 3 : 5,
          pipPoints: 10,
          contractSize: 100_000,
          volumeMaxLots: null,
          typicalSpreadPoints: spread,
          swapLongPoints: swapLong,
          swapShortPoints: swapShort,
          stopsLevelPoints: 10,
          model: { startPrice, annualVolatilityPercent, ...ticks },
        },
      ]
    },
  )
  return Object.fromEntries(entries) as Record<Pair, InstrumentDefinition>
}

const otherDefinitions = {
  XAUUSD: {
    description: 'Gold vs US Dollar (100 troy ounces per lot)',
    assetClass: 'metal',
    baseCurrency: 'XAU',
    profitCurrency: 'USD',
    digits: 2,
    pipPoints: 10,
    contractSize: 100,
    volumeMaxLots: 20,
    typicalSpreadPoints: 20,
    swapLongPoints: -32.5,
    swapShortPoints: 11.3,
    stopsLevelPoints: 50,
    model: {
      startPrice: '2350.00',
      annualVolatilityPercent: 16,
      meanTickIntervalMs: 500,
      jumpsPerDay: 0,
      jumpPercent: 0,
    },
  },
  XAGUSD: {
    description: 'Silver vs US Dollar (5,000 troy ounces per lot)',
    assetClass: 'metal',
    baseCurrency: 'XAG',
    profitCurrency: 'USD',
    digits: 3,
    pipPoints: 10,
    contractSize: 5_000,
    volumeMaxLots: 20,
    typicalSpreadPoints: 25,
    swapLongPoints: -4.2,
    swapShortPoints: 1.1,
    stopsLevelPoints: 20,
    model: {
      startPrice: '29.500',
      annualVolatilityPercent: 26,
      meanTickIntervalMs: 700,
      jumpsPerDay: 0,
      jumpPercent: 0,
    },
  },
  US30: {
    description: 'Dow Jones Industrial Average (USD 1 per point per lot)',
    assetClass: 'index',
    baseCurrency: 'USD',
    profitCurrency: 'USD',
    digits: 2,
    pipPoints: 100,
    contractSize: 1,
    volumeMaxLots: 100,
    typicalSpreadPoints: 200,
    swapLongPoints: -760,
    swapShortPoints: 230,
    stopsLevelPoints: 100,
    model: {
      startPrice: '39000.00',
      annualVolatilityPercent: 15,
      meanTickIntervalMs: 500,
      jumpsPerDay: 0,
      jumpPercent: 0,
    },
  },
  NAS100: {
    description: 'Nasdaq 100 (USD 1 per point per lot)',
    assetClass: 'index',
    baseCurrency: 'USD',
    profitCurrency: 'USD',
    digits: 2,
    pipPoints: 100,
    contractSize: 1,
    volumeMaxLots: 100,
    typicalSpreadPoints: 150,
    swapLongPoints: -350,
    swapShortPoints: 105,
    stopsLevelPoints: 100,
    model: {
      startPrice: '18000.00',
      annualVolatilityPercent: 22,
      meanTickIntervalMs: 500,
      jumpsPerDay: 0,
      jumpPercent: 0,
    },
  },
  SPX500: {
    description: 'S&P 500 (USD 1 per point per lot)',
    assetClass: 'index',
    baseCurrency: 'USD',
    profitCurrency: 'USD',
    digits: 2,
    pipPoints: 100,
    contractSize: 1,
    volumeMaxLots: 100,
    typicalSpreadPoints: 50,
    swapLongPoints: -100,
    swapShortPoints: 30,
    stopsLevelPoints: 100,
    model: {
      startPrice: '5200.00',
      annualVolatilityPercent: 16,
      meanTickIntervalMs: 500,
      jumpsPerDay: 0,
      jumpPercent: 0,
    },
  },
  BTCUSD: {
    description: 'Bitcoin vs US Dollar (1 BTC per lot)',
    assetClass: 'crypto',
    baseCurrency: 'BTC',
    profitCurrency: 'USD',
    digits: 2,
    pipPoints: 100,
    contractSize: 1,
    volumeMaxLots: 10,
    typicalSpreadPoints: 2_500,
    swapLongPoints: -3_560,
    swapShortPoints: -1_780,
    stopsLevelPoints: 1_000,
    model: {
      startPrice: '65000.00',
      annualVolatilityPercent: 55,
      meanTickIntervalMs: 400,
      jumpsPerDay: 3,
      jumpPercent: 1,
    },
  },
  ETHUSD: {
    description: 'Ethereum vs US Dollar (1 ETH per lot)',
    assetClass: 'crypto',
    baseCurrency: 'ETH',
    profitCurrency: 'USD',
    digits: 2,
    pipPoints: 100,
    contractSize: 1,
    volumeMaxLots: 100,
    typicalSpreadPoints: 250,
    swapLongPoints: -175,
    swapShortPoints: -88,
    stopsLevelPoints: 100,
    model: {
      startPrice: '3200.00',
      annualVolatilityPercent: 70,
      meanTickIntervalMs: 400,
      jumpsPerDay: 3,
      jumpPercent: 1.3,
    },
  },
} as const satisfies Record<string, InstrumentDefinition>

const definitions: Readonly<Record<InstrumentSymbol, InstrumentDefinition>> = {
  ...forexDefinitions(forexMajors, majorTicks),
  ...forexDefinitions(forexCrosses, crossTicks),
  ...otherDefinitions,
}

export type InstrumentSymbol =
  keyof typeof forexMajors | keyof typeof forexCrosses | keyof typeof otherDefinitions
export const instrumentSymbols = Object.keys(definitions) as [
  InstrumentSymbol,
  ...InstrumentSymbol[],
]
export const instrumentSymbolSchema = z.enum(instrumentSymbols, {
  error: tradingMessages.unknownSymbol,
})

export function isInstrumentSymbol(value: unknown): value is InstrumentSymbol {
  return typeof value === 'string' && Object.hasOwn(definitions, value)
}

/** Swap rates are held in hundredths of a point. */
export const SWAP_DECIMALS = 2
export const SWAP_UNITS_PER_POINT = 10 ** SWAP_DECIMALS

function swapUnits(points: number, what: string): number {
  const units = parseFixed(String(points), SWAP_DECIMALS)
  if (units === null)
    throw new RangeError(`${what} has more than ${SWAP_DECIMALS} decimals: ${points}`)
  return units
}

function usdConversionFor(profitCurrency: string): UsdConversion | null {
  if (profitCurrency === ACCOUNT_CURRENCY) return null
  const direct = `${profitCurrency}${ACCOUNT_CURRENCY}`
  const inverse = `${ACCOUNT_CURRENCY}${profitCurrency}`
  for (const [symbol, isDivide] of [
    [direct, false],
    [inverse, true],
  ] as const) {
    if (isInstrumentSymbol(symbol)) {
      return { symbol, isDivide, scale: 10 ** definitions[symbol].digits }
    }
  }
  throw new Error(`no pair converts ${profitCurrency} to ${ACCOUNT_CURRENCY}`)
}

function buildInstrument(symbol: InstrumentSymbol): Instrument {
  const definition = definitions[symbol]
  const terms = assetClassTerms[definition.assetClass]
  const scale = 10 ** definition.digits
  const usdConversion = usdConversionFor(definition.profitCurrency)
  // profit-currency cents per point per volume unit = contractSize x 100 / (scale x 100)
  const conversionScale = usdConversion?.scale ?? 1
  const valuation = usdConversion?.isDivide
    ? ratio(definition.contractSize * conversionScale, scale)
    : ratio(definition.contractSize, scale * conversionScale)
  return Object.freeze({
    ...definition,
    symbol,
    point: formatFixedTrimmed(1, definition.digits),
    pipSize: formatFixedTrimmed(definition.pipPoints, definition.digits),
    scale,
    volumeMin: 1,
    volumeStep: 1,
    volumeMax:
      definition.volumeMaxLots === null ? null : definition.volumeMaxLots * VOLUME_UNITS_PER_LOT,
    commissionPerLotCents: terms.commissionPerLotCents,
    swapLong: swapUnits(definition.swapLongPoints, `${symbol} swap long`),
    swapShort: swapUnits(definition.swapShortPoints, `${symbol} swap short`),
    leverageCap: terms.leverageCap,
    hours: terms.hours,
    usdConversion,
    valuation,
  })
}

const catalogue: ReadonlyMap<string, Instrument> = new Map(
  instrumentSymbols.map((symbol) => [symbol, buildInstrument(symbol)]),
)

/** Every instrument, in catalogue order (majors, crosses, metals, indices, crypto). */
export const instruments: readonly Instrument[] = Object.freeze([...catalogue.values()])

export class UnknownSymbolError extends RangeError {
  constructor(readonly symbol: string) {
    super(`unknown symbol: ${symbol}`)
    this.name = 'UnknownSymbolError'
  }
}

export function getInstrument(symbol: string): Instrument {
  const instrument = catalogue.get(symbol)
  if (!instrument) throw new UnknownSymbolError(symbol)
  return instrument
}

export function findInstrument(symbol: string): Instrument | null {
  return catalogue.get(symbol) ?? null
}
