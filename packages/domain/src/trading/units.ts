import { z } from 'zod'
import { formatFixed, parseFixed } from './decimal-text'
import type { Instrument } from './instruments'
import { tradingMessages } from './messages'
import { VOLUME_DECIMALS } from './volume-units'

/**
 * Prices and volumes cross the boundary as decimal strings ("1.08350", "0.25") and are integers
 * inside: prices in points (price x 10^digits), volumes in hundredths of a lot. Nothing in
 * between is a float, so nothing drifts.
 */

/** Points of a decimal price, or null when it is not a price of this instrument. */
export function parsePrice(instrument: Instrument, value: string | number): number | null {
  const points = parseFixed(String(value), instrument.digits)
  return points !== null && points > 0 ? points : null
}

export function formatPrice(instrument: Instrument, points: number): string {
  return formatFixed(points, instrument.digits)
}

/** A price as a JS number, for charts only: never compute with it. */
export function priceToNumber(instrument: Instrument, points: number): number {
  return points / instrument.scale
}

/** Volume units (hundredths of a lot) of a decimal lot size, or null when it is not one. */
export function parseVolume(value: string | number): number | null {
  const units = parseFixed(String(value), VOLUME_DECIMALS)
  return units !== null && units > 0 ? units : null
}

export function formatVolume(units: number): string {
  return formatFixed(units, VOLUME_DECIMALS)
}

const decimalInput = z.union([z.string(), z.number()])

/** Lots as typed by a trader ("0.25" or 0.25) to volume units; the range is checked by orders. */
export const volumeInputSchema = decimalInput.transform((value, ctx) => {
  const units = parseVolume(value)
  if (units === null) {
    ctx.addIssue({ code: 'custom', message: tradingMessages.volumeFormat })
    return z.NEVER
  }
  return units
})

/** A price of `instrument` as typed by a trader to points. */
export function priceInputSchema(instrument: Instrument) {
  return decimalInput.transform((value, ctx) => {
    const points = parsePrice(instrument, value)
    if (points === null) {
      ctx.addIssue({
        code: 'custom',
        message: tradingMessages.priceFormat(instrument.digits),
      })
      return z.NEVER
    }
    return points
  })
}
