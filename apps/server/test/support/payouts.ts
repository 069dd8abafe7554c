import type { TradingAccountDto } from '@tp/api'
import { expect } from 'vitest'
import { payoutEvents, payouts } from '../../src/db/schema'
import type { TestApp, TestUser } from './create-test-app'
import { makePng } from './images'

// A funded trader ready for a payout, through the HTTP API (shared by the payouts tests).

export const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'

/** A funded Two Phase account 20 days old: five trading days of +$400 each ($2,000). */
export async function createFundedAccount(
  app: TestApp,
  admin: TestUser,
  user: TestUser,
): Promise<string> {
  const created = await app.post<{ account: TradingAccountDto }>(
    '/api/dev/scenarios/accounts',
    {
      email: user.user.email,
      stage: 'funded',
      startDaysAgo: 20,
      trades: [19, 18, 17, 16, 15].map((daysAgo) => ({
        symbol: 'BTCUSD',
        side: 'buy',
        volume: '1.00',
        openPrice: '65000.00',
        closePrice: '65400.00',
        openDaysAgo: daysAgo,
        durationMinutes: 90,
      })),
    },
    { token: admin.token },
  )
  expect(created.status).toBe(201)
  return created.body.account.id
}

export async function submitIdentity(app: TestApp, user: TestUser) {
  const png = `data:image/png;base64,${(await makePng(32, 32)).toString('base64')}`
  return app.post<{ id: string; status: string }>(
    '/api/payouts/identity',
    {
      legalName: 'Ada Lovelace',
      dateOfBirth: '1990-12-10',
      country: 'gb',
      document: png,
      selfie: png,
    },
    { token: user.token },
  )
}

/** Identity submitted, agreement signed and a payout method saved (crypto unless given). */
export async function readyForPayout(
  app: TestApp,
  user: TestUser,
  method: Record<string, string> = {
    kind: 'crypto',
    currency: 'USDT',
    network: 'TRC20',
    address: TRON_ADDRESS,
  },
): Promise<{ methodId: string; checkId: string }> {
  const identity = await submitIdentity(app, user)
  expect(identity.status).toBe(201)
  const agreement = await app.post(
    '/api/payouts/agreement',
    { version: '2026-11-01' },
    { token: user.token },
  )
  expect(agreement.status).toBe(200)
  const saved = await app.post<{ id: string }>('/api/payouts/methods', method, {
    token: user.token,
  })
  expect(saved.status).toBe(201)
  return { methodId: saved.body.id, checkId: identity.body.id }
}

/**
 * A bank-wire payout of the account already approved, written to the database (the tests of
 * settlement on real MetaTrader platforms, whose fakes book trades at the wall clock's time: the
 * eligibility's trading days and interval cannot be met there in a test; payouts.test.ts covers
 * the request). The trader keeps 90% of the withdrawn profit.
 */
export async function insertApprovedPayout(
  app: TestApp,
  user: TestUser,
  accountId: string,
  options: { withdrawnCents: number },
): Promise<string> {
  const now = app.clock.now()
  const [created] = await app.db
    .insert(payouts)
    .values({
      userId: user.user.id,
      accountId,
      status: 'approved',
      methodKind: 'bank',
      method: { label: 'Bank wire', details: { iban: 'GB82 WEST 1234 5698 7654 32' } },
      profitCents: options.withdrawnCents,
      splitPercent: 90,
      traderShareCents: Math.floor((options.withdrawnCents * 90) / 100),
      feeRefundCents: 0,
      withdrawnCents: options.withdrawnCents,
      evidence: {},
      requestedAt: now,
      reviewedAt: now,
      updatedAt: now,
    })
    .returning({ id: payouts.id })
  await app.db.insert(payoutEvents).values({ payoutId: created!.id, status: 'approved', at: now })
  return created!.id
}
