import { parsePrice, type Instrument } from '@tp/domain'

/**
 * An optional price as typed: null when left empty, its points when it is a price of the
 * instrument, undefined when it is not (too many decimals, not a number): the caller reports
 * tradingMessages.priceFormat.
 */
export function optionalPrice(instrument: Instrument, text: string): number | null | undefined {
  if (text.trim() === '') return null
  return parsePrice(instrument, text) ?? undefined
}
