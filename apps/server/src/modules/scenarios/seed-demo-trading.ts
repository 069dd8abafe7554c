import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { challenges, coupons } from '../../db/schema'
import { findUserByEmail } from '../users/find-user'
import { seedDemoPayouts } from '../payouts/seed-demo-payouts'
import { createScenarioAccount } from './create-scenario-account'

/**
 * The local run's demo data: the coupon WELCOME10 (10% off), and the demo trader gets accounts to look at and trade at once: a Two Phase 100K
 * (Phase 1) started four days ago with a few closed trades, an Instant Funding 25K on MT4, and a
 * funded Two Phase 100K with a paid payout and profit eligible for the next (seed-demo-payouts.ts).
 * Only on the first start (the trader has no challenge yet).
 */
export async function seedDemoTrading(ctx: AppContext): Promise<void> {
  // a coupon to try the checkout's coupon box with
  await ctx.db
    .insert(coupons)
    .values({ code: 'WELCOME10', kind: 'percent', value: 10 })
    .onConflictDoNothing({ target: coupons.code })
  const trader = await findUserByEmail(ctx.db, ctx.env.DEMO_TRADER_EMAIL.toLowerCase())
  if (!trader) return
  const existing = await ctx.db
    .select({ id: challenges.id })
    .from(challenges)
    .where(eq(challenges.userId, trader.id))
    .limit(1)
  if (existing.length > 0) return
  await createScenarioAccount(ctx, {
    email: trader.email,
    challenge: 'twoPhase',
    sizeK: 100,
    platform: 'mt5',
    startDaysAgo: 4,
    trades: [
      {
        symbol: 'EURUSD',
        side: 'buy',
        volume: '2.00',
        openPrice: '1.08500',
        closePrice: '1.08740',
        openDaysAgo: 3.8,
        durationMinutes: 150,
      },
      {
        symbol: 'XAUUSD',
        side: 'sell',
        volume: '0.50',
        openPrice: '2350.00',
        closePrice: '2338.40',
        openDaysAgo: 2.9,
        durationMinutes: 75,
      },
      {
        symbol: 'BTCUSD',
        side: 'buy',
        volume: '0.20',
        openPrice: '65000.00',
        closePrice: '64350.00',
        openDaysAgo: 1.9,
        durationMinutes: 240,
      },
      {
        symbol: 'NAS100',
        side: 'buy',
        volume: '1.00',
        openPrice: '18200.00',
        closePrice: '18342.50',
        openDaysAgo: 0.9,
        durationMinutes: 45,
      },
    ],
  })
  await createScenarioAccount(ctx, {
    email: trader.email,
    challenge: 'instantFund',
    sizeK: 25,
    platform: 'mt4',
  })
  // the funded side: phases passed, a paid payout, profit eligible for the next one
  await seedDemoPayouts(ctx, trader.id, trader.email)
  ctx.logger.info('demo trader: trading accounts seeded (phase 1, Instant Funding, funded)')
}
