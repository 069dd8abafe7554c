import type { AccountState } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { assertMarketOpen } from './firm-checks'
import { findPosition } from './open-trades'
import { instrumentOf, volumeUnits } from './parse-trade-input'
import { readAccountState } from './read-account-state'
import { assertTradable, valueOf } from './trading-errors'

/** The owner closes a position at market, or `volume` lots of it, while its market is open. */
export async function closePosition(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; positionId: string; volume?: string | undefined },
): Promise<{ state: AccountState }> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'trade')
  const externalId = assertTradable(row)
  const position = await findPosition(ctx, externalId, input.positionId)
  const volume = input.volume ? volumeUnits(input.volume) : null
  assertMarketOpen(ctx, externalId, instrumentOf(position.symbol))
  valueOf(await ctx.trading.platform.closePosition(externalId, position.id, volume))
  return { state: await readAccountState(ctx, row.id) }
}
