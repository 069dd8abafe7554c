import type { AccountState } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { findPosition } from './open-trades'
import { instrumentOf, pricePoints } from './parse-trade-input'
import { readAccountState } from './read-account-state'
import { assertTradable, valueOf } from './trading-errors'

/** The owner sets or removes a position's stop loss and take profit (null removes a level). */
export async function modifyPosition(
  ctx: AppContext,
  caller: Caller,
  input: {
    accountId: string
    positionId: string
    stopLoss: string | null
    takeProfit: string | null
  },
): Promise<{ state: AccountState }> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'trade')
  const externalId = assertTradable(row)
  const position = await findPosition(ctx, externalId, input.positionId)
  const instrument = instrumentOf(position.symbol)
  valueOf(
    await ctx.trading.platform.modifyPosition(externalId, position.id, {
      stopLoss: pricePoints(instrument, 'stopLoss', input.stopLoss),
      takeProfit: pricePoints(instrument, 'takeProfit', input.takeProfit),
    }),
  )
  return { state: await readAccountState(ctx, row.id) }
}
