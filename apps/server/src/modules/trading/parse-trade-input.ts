import {
  findInstrument,
  parsePrice,
  parseVolume,
  tradingMessages,
  type Instrument,
} from '@tp/domain'
import { AppError } from '../../lib/errors'

// What a trader typed ("1.0835", "0.10") to exact points and volume units, with the domain's
// parsers: a price with more decimals than the instrument quotes is refused, never rounded.

type Field = 'volume' | 'price' | 'stopLoss' | 'takeProfit'

function invalid(field: Field, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, details: [{ path: field, message }] })
}

export function instrumentOf(symbol: string): Instrument {
  const instrument = findInstrument(symbol)
  if (!instrument) {
    throw new AppError('VALIDATION_FAILED', {
      message: tradingMessages.unknownSymbol,
      details: [{ path: 'symbol', message: tradingMessages.unknownSymbol }],
    })
  }
  return instrument
}

export function volumeUnits(text: string): number {
  const volume = parseVolume(text)
  if (volume === null || volume <= 0) throw invalid('volume', tradingMessages.volumeFormat)
  return volume
}

export function pricePoints(instrument: Instrument, field: Field, text: string): number
export function pricePoints(
  instrument: Instrument,
  field: Field,
  text: string | null | undefined,
): number | null
export function pricePoints(
  instrument: Instrument,
  field: Field,
  text: string | null | undefined,
): number | null {
  if (text === null || text === undefined || text === '') return null
  const points = parsePrice(instrument, text)
  if (points === null || points <= 0)
    throw invalid(field, tradingMessages.priceFormat(instrument.digits))
  return points
}
