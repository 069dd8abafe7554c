import type { adminPayoutSchema, PayoutDto } from '@tp/api/payouts'
import type { z } from 'zod'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, payouts } from '../src/db/schema'
import { addLateBonuses } from '../src/modules/payouts/late-bonus-job'
import { sendPayout } from '../src/modules/payouts/send-payout'
import { createTestApp, type TestApp, type TestUser } from './support'
import { createFundedAccount, readyForPayout } from './support/payouts'

// A late bonus that falls due after the crypto was already sent (issue 13, decision 0033) is not
// lost: it is owed by itself, the admin queue shows it as to be paid until an admin pays it (once,
// with a reference, audited), and nothing more is sent through OxaPay for it.

let app: TestApp
let admin: TestUser
let trader: TestUser
let payoutId: string

const payoutRow = async (id: string) =>
  (await app.db.select().from(payouts).where(eq(payouts.id, id)))[0]!
const openQueue = async () => {
  const queue = await app.get<{ payouts: z.output<typeof adminPayoutSchema>[] }>(
    '/api/admin/payouts',
    { token: await app.tokenFor(admin) },
  )
  expect(queue.status, JSON.stringify(queue.body)).toBe(200)
  return queue.body.payouts
}

beforeAll(async () => {
  app = await createTestApp({ listen: true })
  admin = await app.createUser({ role: 'admin' })
  trader = await app.createUser({ name: 'Ada Lovelace' })
  app.simulated.pushTick({
    symbol: 'BTCUSD',
    bid: 6_500_000,
    ask: 6_502_500,
    tMs: app.clock.now().getTime(),
  })
  const accountId = await createFundedAccount(app, admin, trader)
  const { methodId, checkId } = await readyForPayout(app, trader)
  await app.post(
    `/api/admin/identity-checks/${checkId}/review`,
    { decision: 'approve', reason: 'Evidence checked' },
    { token: await app.tokenFor(admin) },
  )
  const requested = await app.post<PayoutDto>(
    '/api/payouts',
    { accountId, methodId },
    { token: await app.tokenFor(trader) },
  )
  expect(requested.status).toBe(201)
  payoutId = requested.body.id
}, 90_000)
afterAll(async () => {
  await app?.close()
})

describe('a late bonus due after the crypto was sent', () => {
  it('is owed by itself, shown in the queue, and never sent through OxaPay', async () => {
    // approved and sent within the 24 hours (the send run here rather than by the job)
    await app.db.update(payouts).set({ status: 'approved' }).where(eq(payouts.id, payoutId))
    await sendPayout(app.ctx, payoutId)
    const sent = await payoutRow(payoutId)
    expect(sent.status === 'sent' || sent.status === 'paid').toBe(true)
    const toOxaPay = () => app.oxapay.payouts.payouts().filter((p) => p.description === payoutId)
    expect(toOxaPay()).toHaveLength(1)
    const amountSent = toOxaPay()[0]!.amount

    // OxaPay has not confirmed it 24 hours after the request: the bonus falls due now
    app.clock.advance({ hours: 24, minutes: 1 })
    expect(await addLateBonuses(app.ctx)).toBe(1)
    expect(await addLateBonuses(app.ctx)).toBe(0)
    const row = await payoutRow(payoutId)
    expect(row.lateBonusCents).toBe(100_000)
    expect(row.lateBonusOwedAt).not.toBeNull()

    const queued = (await openQueue()).find((p) => p.id === payoutId)
    expect(queued?.lateBonusOwedCents).toBe(100_000)
    expect(queued?.totalCents).toBe(row.traderShareCents + row.feeRefundCents + 100_000)
    const mine = await app.get<{ payouts: PayoutDto[] }>('/api/payouts', {
      token: await app.tokenFor(trader),
    })
    const shown = mine.body.payouts.find((p) => p.id === payoutId)!
    expect(shown.lateBonusOwedCents).toBe(100_000)
    expect(shown.timeline.find((e) => e.status === 'late_bonus')?.note).toMatch(/owed/)

    // a retry of the send (or the job running again) sends nothing more
    await sendPayout(app.ctx, payoutId)
    expect(toOxaPay()).toHaveLength(1)
    expect(toOxaPay()[0]!.amount).toBe(amountSent)
  })

  it('an admin pays it once with a reference (audited); then it leaves the queue', async () => {
    const byTrader = await app.post(
      `/api/admin/payouts/${payoutId}/late-bonus/mark-paid`,
      { reference: 'BONUS-1' },
      { token: await app.tokenFor(trader) },
    )
    expect(byTrader.status).toBe(403)
    const adminToken = await app.tokenFor(admin)
    const [first, second] = await Promise.all(
      ['BONUS-1', 'BONUS-2'].map((reference) =>
        app.post(
          `/api/admin/payouts/${payoutId}/late-bonus/mark-paid`,
          { reference },
          { token: adminToken },
        ),
      ),
    )
    expect([first!.status, second!.status].sort()).toEqual([200, 409])
    const again = await app.post(
      `/api/admin/payouts/${payoutId}/late-bonus/mark-paid`,
      { reference: 'BONUS-3' },
      { token: await app.tokenFor(admin) },
    )
    expect(again.status).toBe(409)
    const row = await payoutRow(payoutId)
    expect(row.lateBonusPaidAt).not.toBeNull()
    expect(row.lateBonusReference).toMatch(/^BONUS-[12]$/)
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payout.late-bonus-paid'), eq(auditLog.targetId, payoutId)))
    expect(audits).toHaveLength(1)
    expect(audits[0]!.reason).toBe(row.lateBonusReference)
    const email = await app.mailbox.waitFor({
      to: trader.user.email,
      subject: /late payout bonus is paid/,
    })
    expect(email.text).toContain('$1,000.00')
    expect(email.text).toContain(row.lateBonusReference!)

    const mine = await app.get<{ payouts: PayoutDto[] }>('/api/payouts', {
      token: await app.tokenFor(trader),
    })
    const shown = mine.body.payouts.find((p) => p.id === payoutId)!
    expect(shown.lateBonusOwedCents).toBe(0)
    expect(shown.timeline.filter((e) => e.status === 'late_bonus_paid')).toHaveLength(1)
    const queued = (await openQueue()).find((p) => p.id === payoutId)
    // still open only while OxaPay has not confirmed the payout itself
    if (queued) expect(queued.status).toBe('sent')
    const unknown = await app.post(
      '/api/admin/payouts/00000000-0000-4000-8000-000000000000/late-bonus/mark-paid',
      { reference: 'X' },
      { token: await app.tokenFor(admin) },
    )
    expect(unknown.status).toBe(404)
  })
})
