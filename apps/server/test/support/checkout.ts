import type { OrderDto } from '@tp/api'
import { count, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { challenges, orders, tradingAccounts } from '../../src/db/schema'
import type { TestApp, TestUser } from './create-test-app'

// Checkout steps shared by the payment tests: a buyer with a saved billing profile, an order
// placed through the API, and what the database then holds for it.

export type OrderSelectionBody = {
  challenge: 'twoPhase' | 'instantFund'
  platform: 'mt4' | 'mt5'
  sizeK: number
  addOns: { profitSplit100: boolean; fastPayout: boolean }
  method: 'card' | 'crypto'
  termsAccepted: boolean
}

/** A trader whose billing profile is saved (spec 5: required before the first order). */
export async function createBuyer(
  app: TestApp,
  options: Parameters<TestApp['createUser']>[0] = {},
): Promise<TestUser> {
  const user = await app.createUser(options)
  await app.saveBilling(user)
  return user
}

/** POST /api/orders: a Two Phase 10K on MT5 by card unless told otherwise. */
export async function placeOrder(
  app: TestApp,
  user: TestUser,
  selection: Partial<OrderSelectionBody> = {},
): Promise<OrderDto> {
  const response = await app.post<{ order: OrderDto }>(
    '/api/orders',
    {
      challenge: 'twoPhase',
      platform: 'mt5',
      sizeK: 10,
      addOns: { profitSplit100: false, fastPayout: false },
      method: 'card',
      termsAccepted: true,
      ...selection,
    },
    { token: user.token },
  )
  expect(response.status, response.text).toBe(201)
  return response.body.order
}

export async function orderRow(app: TestApp, orderId: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, orderId))
  if (!row) throw new Error(`no order ${orderId}`)
  return row
}

/** How many trading accounts the order bought. */
export async function accountsOfOrder(app: TestApp, orderId: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(tradingAccounts)
    .innerJoin(challenges, eq(challenges.id, tradingAccounts.challengeId))
    .where(eq(challenges.orderId, orderId))
  return row!.n
}
