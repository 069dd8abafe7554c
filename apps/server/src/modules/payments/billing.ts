import { desc, eq, inArray } from 'drizzle-orm'
import { orderStatusLabels, type PaymentRecord } from '@tp/api'
import { centsToDollars } from '@tp/domain'
import type { AppContext } from '../../context'
import { orders, payments, tradingAccounts } from '../../db/schema'
import { orderNumber } from '../orders/order-dto'
import type { Caller } from '../access/authenticate'
import { resolveTargetUser } from '../users/resolve-target-user'

/**
 * The billing page's list (spec 2.13): the user's orders that a payment was attempted for, newest
 * first, with the account each bought.
 */
export async function listPaymentRecords(
  ctx: AppContext,
  userId: string,
): Promise<PaymentRecord[]> {
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
  const ids = rows.map((row) => row.id)
  if (ids.length === 0) return []
  const attempted = new Set(
    (
      await ctx.db
        .select({ orderId: payments.orderId })
        .from(payments)
        .where(inArray(payments.orderId, ids))
    ).map((row) => row.orderId),
  )
  const accountIds = rows.flatMap((row) => (row.accountId ? [row.accountId] : []))
  const logins = new Map(
    accountIds.length === 0
      ? []
      : (
          await ctx.db
            .select({ id: tradingAccounts.id, login: tradingAccounts.login })
            .from(tradingAccounts)
            .where(inArray(tradingAccounts.id, accountIds))
        ).map((row) => [row.id, row.login]),
  )
  return rows
    .filter((row) => attempted.has(row.id) || row.status !== 'pending')
    .map((row) => ({
      id: orderNumber(row),
      orderId: row.id,
      amount: centsToDollars(row.total),
      type: row.method === 'card' ? ('Card' as const) : ('Crypto' as const),
      accountId: row.accountId ? (logins.get(row.accountId) ?? row.accountId) : null,
      date: (row.paidAt ?? row.createdAt).toISOString(),
      status: orderStatusLabels[row.status],
    }))
}

/** Spec 7's payment/get-balance: the caller's list; an admin may name any user by email. */
export async function listPaymentRecordsFor(
  ctx: AppContext,
  caller: Caller,
  email: string | undefined,
): Promise<PaymentRecord[]> {
  const { target } = await resolveTargetUser(ctx, caller, email)
  return listPaymentRecords(ctx, target.id)
}
