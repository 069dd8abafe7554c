import type { PayoutDto, PayoutEligibilityDto } from '@tp/api/payouts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tradingAccounts } from '../src/db/schema'
import { type TestApp, type TestUser } from './support'
import { createDemoTraderApp } from './support/demo-trader'

// `npm start`'s demo trader holds the funded side (issue 13 item 10): a Two Phase 100K that
// passed both phases, one paid payout, and profit eligible for the next request.

let app: TestApp
let trader: TestUser

beforeAll(async () => {
  ;({ app, trader } = await createDemoTraderApp())
}, 90_000)
afterAll(async () => {
  await app?.close()
})

describe('the demo trader', () => {
  it('has passed phases, a paid payout and an eligible funded account', async () => {
    const rows = await app.db
      .select()
      .from(tradingAccounts)
      .where(
        and(
          eq(tradingAccounts.userId, trader.user.id),
          eq(tradingAccounts.planKey, 'twoPhase.funded'),
        ),
      )
    expect(rows).toHaveLength(1)
    const funded = rows[0]!
    const phases = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.challengeId, funded.challengeId))
    expect(phases.map((p) => `${p.stage}:${p.status}`).sort()).toEqual([
      'funded:active',
      'phase1:passed',
      'phase2:passed',
    ])
    const history = await app.get<{ payouts: PayoutDto[] }>('/api/payouts', { token: trader.token })
    expect(history.body.payouts).toHaveLength(1)
    expect(history.body.payouts[0]!.status).toBe('paid')
    expect(history.body.payouts[0]!.timeline.map((e) => e.status)).toContain('paid')
    const eligibility = await app.get<PayoutEligibilityDto>(
      `/api/payouts/accounts/${funded.id}/eligibility`,
      { token: trader.token },
    )
    expect(eligibility.body.conditions.filter((c) => !c.met)).toEqual([])
    expect(eligibility.body.amount.profitCents).toBe(240_000)
    expect(eligibility.body.isFirstPayout).toBe(false)
  })
})
