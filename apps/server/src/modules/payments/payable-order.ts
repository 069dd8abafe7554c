import { accountSizeFromBalance, type PaymentMethod } from '@tp/domain'
import type { AppContext } from '../../context'
import type { OrderRow } from '../../db/schema'
import { loadOrderFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { createOrder } from '../orders/create-order'
import { resolveTargetUser } from '../users/resolve-target-user'

export type PaymentTarget = {
  orderId?: string | undefined
  email?: string | undefined
  platform?: 'mt4' | 'mt5' | undefined
  challenge?: 'twoPhase' | 'instantFund' | undefined
  balance?: number | undefined
  addOns?: { profitSplit100: boolean; fastPayout: boolean; both?: boolean | undefined } | undefined
  coupon?: string | null | undefined
}

/**
 * The order a payment call pays: the caller's own pending order of that method, or (spec 7) a new
 * one made from the selection sent. Whatever amount came with it is never read.
 */
export async function payableOrder(
  ctx: AppContext,
  caller: Caller,
  target: PaymentTarget,
  method: PaymentMethod,
): Promise<OrderRow> {
  if (target.orderId) {
    const order = await loadOrderFor(ctx, caller, target.orderId, 'pay')
    if (order.status !== 'pending' || order.method !== method)
      throw new AppError('ORDER_NOT_PAYABLE')
    return order
  }
  const { target: user } = await resolveTargetUser(ctx, caller, target.email)
  if (user.id !== caller.userId) throw new AppError('EMAIL_MISMATCH')
  const sizeK = accountSizeFromBalance(target.balance ?? 0)
  if (sizeK === null) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Please select an account size.',
      details: [{ path: 'balance', message: 'Please select an account size.' }],
    })
  }
  const addOns = target.addOns ?? { profitSplit100: false, fastPayout: false }
  const both = addOns.both === true
  return createOrder(ctx, caller.userId, {
    challenge: target.challenge!,
    platform: target.platform!,
    sizeK,
    addOns: {
      profitSplit100: both || addOns.profitSplit100,
      fastPayout: both || addOns.fastPayout,
    },
    method,
    coupon: target.coupon,
  })
}
