import { scriptedPathSchema, scriptedTicks } from '@tp/domain'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { AppError } from '../../lib/errors'
import { loadAccountFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'

// The scenario driver's price path: a scripted path (domain scriptedTicks: waypoints joined by
// straight lines) played to ONE account as its own market for that symbol, in real time or all at
// once. Every tick goes through the same books and the same live risk as a market tick, so a
// breach or a pass happens exactly where the script puts the price.

export const pricePathSchema = z.object({
  path: scriptedPathSchema,
  /** "realtime": each tick at its offset from now; "instant": all of them now, in order */
  mode: z.enum(['realtime', 'instant']).default('realtime'),
})
export type PricePathInput = z.input<typeof pricePathSchema>

export async function playPricePath(
  ctx: AppContext,
  caller: Caller,
  accountId: string,
  rawInput: PricePathInput,
): Promise<{ ticks: number; durationMs: number }> {
  const row = await loadAccountFor(ctx, caller, accountId, 'manage')
  const simulated = ctx.trading.simulated
  if (!simulated || !row.externalId) throw new AppError('NOT_FOUND')
  const input = pricePathSchema.parse(rawInput)
  const ticks = scriptedTicks(input.path, 0)
  simulated.playAccountPath(row.externalId, ticks, input.mode === 'realtime')
  return { ticks: ticks.length, durationMs: ticks.at(-1)?.tMs ?? 0 }
}
