import type { AccountState, ClosedTradeDto } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { assertMarketOpen } from './firm-checks'
import { instrumentOf } from './parse-trade-input'
import { readAccountState } from './read-account-state'
import { toClosedTradeDto } from './trading-dto'
import { assertTradable, valueOf } from './trading-errors'

/**
 * The owner closes every open position at market. Every position's market must be open (checked
 * before any is closed); an admin closes them through the risk desk (force-close-positions.ts).
 */
export async function closeAllPositions(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string },
): Promise<{ closed: ClosedTradeDto[]; state: AccountState }> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'trade')
  const externalId = assertTradable(row)
  const platform = ctx.trading.platform
  const positions = await platform.listPositions(externalId)
  for (const position of positions) assertMarketOpen(ctx, externalId, instrumentOf(position.symbol))
  const closed: ClosedTradeDto[] = []
  for (const position of positions) {
    closed.push(
      toClosedTradeDto(valueOf(await platform.closePosition(externalId, position.id, null))),
    )
  }
  return { closed, state: await readAccountState(ctx, row.id) }
}
