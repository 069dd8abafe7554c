import { flowOf, toUsdCents } from './conversion'
import { roundDiv } from './exact'
import { assetClassTerms, SWAP_UNITS_PER_POINT, type Instrument } from './instruments'
import { marketDayCalendar, marketWallClock } from './market-time'
import type { QuoteBook, Side } from './quotes'
import { VOLUME_UNITS_PER_LOT } from './volume-units'

/**
 * Commission of one deal (opening or closing) in USD cents, as a negative amount: the class's
 * rate per lot per side times the lots, rounded to the cent half away from zero (0.01 lot of
 * forex at $3.50 per lot is 3.5 cents, charged as 4).
 */
export function dealCommission(instrument: Instrument, volume: number): number {
  if (instrument.commissionPerLotCents === 0) return 0
  return -roundDiv(instrument.commissionPerLotCents * volume, VOLUME_UNITS_PER_LOT)
}

/** Swap rate of a side, in hundredths of a point per lot per night. */
export function swapRate(instrument: Instrument, side: Side): number {
  return side === 'buy' ? instrument.swapLong : instrument.swapShort
}

/**
 * Swap in USD cents for holding `volume` over `nights` nights: rate (points) x point x contract
 * size x lots x nights in the profit currency, converted by its sign (a credit or a debit) at
 * the rollover's quotes, rounded once to the cent.
 */
export function swapCharge(
  instrument: Instrument,
  side: Side,
  volume: number,
  nights: number,
  quotes: QuoteBook,
): number {
  const units = swapRate(instrument, side) * volume * nights
  return toUsdCents(instrument, units, SWAP_UNITS_PER_POINT, flowOf(units), quotes)
}

/**
 * Nights charged at a rollover (17:00 New York) of weekday d: forex and metals 1 from Monday to
 * Friday and 3 on Wednesday (spot settles two days later, so Wednesday's rollover carries the
 * weekend); indices 3 on Friday; crypto 1 every day, weekends included. 0 when the instant is
 * no rollover of the instrument.
 */
export function rolloverNights(instrument: Instrument, rolloverMs: number): 0 | 1 | 3 {
  const calendar = marketDayCalendar()
  if (calendar.dayAt(rolloverMs).startMs !== rolloverMs) return 0
  const terms = assetClassTerms[instrument.assetClass]
  const { weekday } = marketWallClock(rolloverMs)
  if (weekday >= 6 && !terms.hasWeekendRollovers) return 0
  return weekday === terms.tripleSwapWeekday ? 3 : 1
}

/**
 * Rollover instants (17:00 New York) in (fromMs, toMs]: the moments swaps are charged, to every
 * position opened before the instant and still open at it.
 */
export function rolloversBetween(fromMs: number, toMs: number): number[] {
  const calendar = marketDayCalendar()
  const instants: number[] = []
  for (let t = calendar.nextResetAfter(fromMs); t <= toMs; t = calendar.nextResetAfter(t)) {
    instants.push(t)
  }
  return instants
}
