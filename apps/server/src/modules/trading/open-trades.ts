import type { AppContext } from '../../context'
import type {
  PlatformOrder,
  PlatformPosition,
} from '../../integrations/trading-platform/trading-platform'
import { AppError } from '../../lib/errors'

// An open position or pending order of the account, as the platform holds it now; 404 otherwise.

export async function findPosition(
  ctx: AppContext,
  externalId: string,
  positionId: string,
): Promise<PlatformPosition> {
  const positions = await ctx.trading.platform.listPositions(externalId)
  const position = positions.find((p) => p.id === positionId)
  if (!position) throw new AppError('NOT_FOUND', { message: 'No such open position.' })
  return position
}

export async function findPendingOrder(
  ctx: AppContext,
  externalId: string,
  orderId: string,
): Promise<PlatformOrder> {
  const order = (await ctx.trading.platform.listOrders(externalId)).find((o) => o.id === orderId)
  if (!order) throw new AppError('NOT_FOUND', { message: 'No such pending order.' })
  return order
}
