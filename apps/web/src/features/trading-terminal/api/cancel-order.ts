import { useMutation } from '@tanstack/react-query'
import { tradeResponseSchema } from '@tp/api'
import { apiRequest } from '@/lib/api-client'
import { accountPath } from './query-keys'
import { useApplyTradeState } from './trade-mutation'

// DELETE /api/trading/accounts/:accountId/orders/:orderId -> { state }
// (served by apps/server; packages/api/src/trading.ts does not list it in its comments yet)

export function cancelOrder(accountId: string, orderId: string) {
  return apiRequest(`${accountPath(accountId)}/orders/${encodeURIComponent(orderId)}`, {
    method: 'DELETE',
    schema: tradeResponseSchema,
  })
}

export function useCancelOrder(accountId: string) {
  const applyState = useApplyTradeState(accountId)
  return useMutation({
    mutationFn: (orderId: string) => cancelOrder(accountId, orderId),
    onSuccess: ({ state }) => applyState(state),
  })
}
