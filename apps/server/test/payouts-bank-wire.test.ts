import type { PayoutDto } from '@tp/api/payouts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, certificates, payouts, simDeals } from '../src/db/schema'
import { createTestApp, waitFor, type TestApp, type TestUser } from './support'
import { createFundedAccount, readyForPayout } from './support/payouts'

// A bank-wire payout (issue 13 item 9): OxaPay is never asked; the admin wires the money by hand
// and marks the payout paid with the wire's reference. Exactly once: the balance drops, the floors
// re-base, one certificate, one email to the trader, one audit row; a second click is refused.

let app: TestApp
let admin: TestUser
let trader: TestUser
let accountId: string
let payoutId: string

const payoutRow = async (id: string) =>
  (await app.db.select().from(payouts).where(eq(payouts.id, id)))[0]!

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
  accountId = await createFundedAccount(app, admin, trader)
  const { methodId, checkId } = await readyForPayout(app, trader, {
    kind: 'bank',
    holderName: 'Ada Lovelace',
    bankName: 'Westminster Bank',
    iban: 'GB82 WEST 1234 5698 7654 32',
    swift: 'NWBKGB2L',
  })
  await app.post(
    `/api/admin/identity-checks/${checkId}/review`,
    { decision: 'approve', reason: 'Evidence checked' },
    { token: admin.token },
  )
  const requested = await app.post<PayoutDto>(
    '/api/payouts',
    { accountId, methodId },
    { token: trader.token },
  )
  expect(requested.status).toBe(201)
  payoutId = requested.body.id
}, 90_000)
afterAll(async () => {
  await app?.close()
})

describe('a bank-wire payout', () => {
  it('rejected with a reason (told to the trader, audited), then asked for again', async () => {
    const unexplained = await app.post(
      `/api/admin/payouts/${payoutId}/review`,
      { decision: 'approve' },
      { token: admin.token },
    )
    expect(unexplained.status).toBe(422)
    const since = app.clock.now()
    const rejected = await app.post(
      `/api/admin/payouts/${payoutId}/review`,
      { decision: 'reject', reason: 'The IBAN holder is not the trader' },
      { token: admin.token },
    )
    expect(rejected.status, rejected.text).toBe(200)
    expect((await payoutRow(payoutId)).status).toBe('rejected')
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payout.reject'), eq(auditLog.targetId, payoutId)))
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      targetType: 'payout',
      reason: 'The IBAN holder is not the trader',
    })
    await app.waitForJobs()
    const email = await app.mailbox.waitFor(
      { to: trader.user.email, subject: /not approved/ },
      { since },
    )
    expect(email.text).toContain('The IBAN holder is not the trader')

    const methods = await app.get<{ methods: { id: string }[] }>('/api/payouts/methods', {
      token: trader.token,
    })
    const again = await app.post<PayoutDto>(
      '/api/payouts',
      { accountId, methodId: methods.body.methods[0]!.id },
      { token: trader.token },
    )
    expect(again.status, again.text).toBe(201)
    payoutId = again.body.id
  })

  it('is approved without OxaPay and waits for the wire', async () => {
    const sentBefore = app.oxapay.payouts.payouts().length
    const approved = await app.post(
      `/api/admin/payouts/${payoutId}/review`,
      { decision: 'approve', reason: 'Evidence checked' },
      { token: admin.token },
    )
    expect(approved.status).toBe(200)
    await app.waitForJobs()
    expect((await payoutRow(payoutId)).status).toBe('approved')
    expect(app.oxapay.payouts.payouts().length).toBe(sentBefore)
    const byTrader = await app.post(
      `/api/admin/payouts/${payoutId}/mark-paid`,
      { reference: 'WIRE-1' },
      { token: trader.token },
    )
    expect(byTrader.status).toBe(403)
  })

  it('marked paid twice at once with a reference: one payment, floors re-based, certificate, email, audit', async () => {
    const since = app.clock.now()
    const [first, second] = await Promise.all(
      ['WIRE-2026-11-28-001', 'WIRE-2026-11-28-002'].map((reference) =>
        app.post(`/api/admin/payouts/${payoutId}/mark-paid`, { reference }, { token: admin.token }),
      ),
    )
    expect([first!.status, second!.status].sort()).toEqual([200, 409])
    const paid = await waitFor(
      async () => {
        const row = await payoutRow(payoutId)
        return row.status === 'paid' && row.ledgerSeq !== null ? row : undefined
      },
      { what: 'the bank payout paid and settled', timeoutMs: 30_000 },
    )
    expect(paid.reference).toMatch(/^WIRE-2026-11-28-00[12]$/)
    // $102,000 less the whole $2,000 profit
    expect(paid.balanceAfterCents).toBe(10_000_000)
    const again = await app.post(
      `/api/admin/payouts/${payoutId}/mark-paid`,
      { reference: 'WIRE-AGAIN' },
      { token: admin.token },
    )
    expect(again.status).toBe(409)
    await app.waitForJobs()

    const withdrawals = await app.db
      .select()
      .from(simDeals)
      .where(eq(simDeals.reason, 'withdrawal'))
    expect(withdrawals.map((d) => d.profit)).toEqual([-200_000])
    const account = await app.get<{ account: { balance: number } }>(
      `/api/trading/accounts/${accountId}`,
      { token: trader.token },
    )
    expect(account.status).toBe(200)
    // floors re-based on $100,000: 12% max loss -> $88,000
    expect(app.ctx.trading.risk.get(accountId)!.evaluator.maxFloor).toBe(88_000)

    const issued = await app.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.payoutId, payoutId), eq(certificates.kind, 'payout')))
    expect(issued).toHaveLength(1)
    const email = await app.mailbox.waitFor(
      { to: trader.user.email, subject: /payout of .* is paid/ },
      { since },
    )
    // 90% of the $2,000 profit and the fee refund of the first payout
    expect(paid.traderShareCents).toBe(180_000)
    const total = (paid.traderShareCents + paid.feeRefundCents) / 100
    expect(email.subject).toContain(
      `$${total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    )
    expect(
      await app.mailbox.list({ to: trader.user.email, subject: /payout of .* is paid/ }),
    ).toHaveLength(1)
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payout.mark-paid'), eq(auditLog.targetId, payoutId)))
    expect(audits).toHaveLength(1)
    expect(audits[0]!.actorUserId).toBe(admin.user.id)
    expect(audits[0]!.reason).toBe(paid.reference)

    const history = await app.get<{ payouts: PayoutDto[] }>('/api/payouts', {
      token: trader.token,
    })
    const shown = history.body.payouts.find((p) => p.id === payoutId)!
    expect(shown.timeline.map((e) => e.status)).toEqual([
      'requested',
      'under_review',
      'approved',
      'paid',
    ])
  })
})
