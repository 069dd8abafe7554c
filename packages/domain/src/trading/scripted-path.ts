import { z } from 'zod'
import { roundMulDiv } from './exact'
import { getInstrument, instrumentSymbolSchema } from './instruments'
import { tradingMessages } from './messages'
import type { Tick } from './quotes'
import { parsePrice } from './units'

/**
 * A scripted price path: the scenario driver of tests and demos. Waypoints give the bid at
 * moments after the start; between them the bid moves in a straight line, one tick every
 * `tickIntervalMs`, in whole points (rounded half away from zero). The ask is the bid plus the
 * spread (the instrument's typical spread unless given). Every waypoint is a tick of its own, so
 * a path reaches exactly the prices it names, and an account can be driven to a breach or a pass
 * deterministically. A script ignores market hours: it is the market.
 */
/** A path lasts at most a day and plays at most this many ticks (a demo, not a stress test). */
export const MAX_SCRIPTED_PATH_MS = 86_400_000
export const MAX_SCRIPTED_TICKS = 100_000

export const scriptedPathSchema = z
  .object({
    symbol: instrumentSymbolSchema,
    waypoints: z
      .array(
        z.object({
          offsetMs: z.number().int().nonnegative().max(MAX_SCRIPTED_PATH_MS),
          /** the bid, a decimal string of the instrument's digits */
          price: z.union([z.string(), z.number()]),
        }),
      )
      .min(1),
    tickIntervalMs: z.number().int().positive().default(1_000),
    spreadPoints: z.number().int().nonnegative().max(1_000_000).optional(),
  })
  .superRefine((path, ctx) => {
    const instrument = getInstrument(path.symbol)
    const first = path.waypoints[0]
    const last = path.waypoints.at(-1)
    if (first && last) {
      const ticks = (last.offsetMs - first.offsetMs) / path.tickIntervalMs + path.waypoints.length
      if (ticks > MAX_SCRIPTED_TICKS) {
        ctx.addIssue({
          code: 'custom',
          path: ['tickIntervalMs'],
          message: `a path plays at most ${MAX_SCRIPTED_TICKS} ticks: use a longer tick interval`,
        })
      }
    }
    path.waypoints.forEach((waypoint, i) => {
      if (parsePrice(instrument, waypoint.price) === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['waypoints', i, 'price'],
          message: tradingMessages.priceFormat(instrument.digits),
        })
      }
      const previous = path.waypoints[i - 1]
      if (previous && waypoint.offsetMs <= previous.offsetMs) {
        ctx.addIssue({
          code: 'custom',
          path: ['waypoints', i, 'offsetMs'],
          message: 'waypoints must be in time order, each after the previous',
        })
      }
    })
  })
export type ScriptedPath = z.output<typeof scriptedPathSchema>
export type ScriptedPathInput = z.input<typeof scriptedPathSchema>

/** The ticks of a scripted path starting at `startMs`. */
export function scriptedTicks(input: ScriptedPathInput, startMs: number): Tick[] {
  const path = scriptedPathSchema.parse(input)
  const instrument = getInstrument(path.symbol)
  const spread = path.spreadPoints ?? instrument.typicalSpreadPoints
  const points = path.waypoints.map((waypoint) => ({
    offsetMs: waypoint.offsetMs,
    bid: parsePrice(instrument, waypoint.price)!,
  }))
  const tick = (offsetMs: number, bid: number): Tick => ({
    symbol: path.symbol,
    tMs: startMs + offsetMs,
    bid,
    ask: bid + spread,
  })

  const first = points[0]!
  const ticks: Tick[] = [tick(first.offsetMs, first.bid)]
  for (let i = 1; i < points.length; i++) {
    const from = points[i - 1]!
    const to = points[i]!
    const span = to.offsetMs - from.offsetMs
    for (
      let offset = from.offsetMs + path.tickIntervalMs;
      offset < to.offsetMs;
      offset += path.tickIntervalMs
    ) {
      ticks.push(
        tick(offset, from.bid + roundMulDiv(to.bid - from.bid, offset - from.offsetMs, 1, span)),
      )
    }
    ticks.push(tick(to.offsetMs, to.bid))
  }
  return ticks
}
