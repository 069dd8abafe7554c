import type { PayoutDto, PayoutEligibilityDto } from '@tp/api/payouts'
import { evaluate, type EvaluationInput, type Rulebook } from '@tp/domain'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, payouts, simDeals } from '../src/db/schema'
import { addLateBonuses } from '../src/modules/payouts/late-bonus-job'
import { sendPayout } from '../src/modules/payouts/send-payout'
import { createTestApp, waitFor, type TestApp, type TestUser } from './support'
import {
  createFundedAccount,
  readyForPayout,
  submitIdentity,
  TRON_ADDRESS,
} from './support/payouts'

// Payouts (issue 13 items 4-11), end to end through the HTTP API and the OxaPay fake's payout API:
// identity documents only for admins, the agreement, a request that pauses trading, one approval
// of two, the crypto sent once (also after a kill while sending), forged and duplicate callbacks,
// and the paid payout's balance drop and re-based floors matching an engine replay.

let app: TestApp
let admin: TestUser
let trader: TestUser
let accountId: string

const T = () => app.clock.now().getTime()
const points = (price: string) => Math.round(Number(price) * 100)
const btc = (bid: string) =>
  app.simulated.pushTick({ symbol: 'BTCUSD', bid: points(bid), ask: points(bid) + 2_500, tMs: T() })

const fundedAccount = (user: TestUser) => createFundedAccount(app, admin, user)
const identityOf = (user: TestUser) => submitIdentity(app, user)
const readyTrader = (user: TestUser) => readyForPayout(app, user)

const payoutRow = async (id: string) =>
  (await app.db.select().from(payouts).where(eq(payouts.id, id)))[0]!

beforeAll(async () => {
  app = await createTestApp({ listen: true })
  admin = await app.createUser({ role: 'admin' })
  trader = await app.createUser({ name: 'Ada Lovelace' })
  btc('65000.00')
  accountId = await fundedAccount(trader)
}, 90_000)
afterAll(async () => {
  await app?.close()
})

describe('eligibility', () => {
  it('a funded account with 5 trading days and $2,000 profit 19 days after its first trade is eligible: 90% + the fee refund', async () => {
    const response = await app.get<PayoutEligibilityDto>(
      `/api/payouts/accounts/${accountId}/eligibility`,
      { token: trader.token },
    )
    expect(response.status).toBe(200)
    expect(response.body.conditions.filter((c) => !c.met)).toEqual([])
    expect(response.body.isEligible).toBe(true)
    expect(response.body.amount.profitCents).toBe(200_000)
    expect(response.body.amount.traderShareCents).toBe(180_000)
    // no order (a scenario account): the plan's base fee is refunded with the first payout
    expect(response.body.amount.feeRefundCents).toBeGreaterThan(0)
    expect(response.body.isFirstPayout).toBe(true)
  })

  it('another trader cannot read it (404), the bad method is refused with the field named', async () => {
    const other = await app.createUser()
    const response = await app.get(`/api/payouts/accounts/${accountId}/eligibility`, {
      token: other.token,
    })
    expect(response.status).toBe(404)
    const bad = await app.post<{ details?: { path: string }[] }>(
      '/api/payouts/methods',
      { kind: 'crypto', currency: 'USDT', network: 'TRC20', address: '0x1234' },
      { token: other.token },
    )
    expect(bad.status).toBe(422)
    const iban = await app.post(
      '/api/payouts/methods',
      { kind: 'bank', holderName: 'A B', bankName: 'Bank', iban: 'DE89 3704 0044 0532 0130 01' },
      { token: other.token },
    )
    expect(iban.status).toBe(422)
    const goodIban = await app.post(
      '/api/payouts/methods',
      { kind: 'bank', holderName: 'A B', bankName: 'Bank', iban: 'DE89 3704 0044 0532 0130 00' },
      { token: other.token },
    )
    expect(goodIban.status).toBe(201)
  })
})

describe('identity documents', () => {
  it('are served to admins only, through the authorised route', async () => {
    const check = await identityOf(trader)
    expect(check.status).toBe(201)
    expect(check.body.status).toBe('pending')
    const url = `/api/admin/identity-checks/${check.body.id}/files/document`
    expect((await app.get(url)).status).toBe(401)
    expect((await app.get(url, { token: trader.token })).status).toBe(403)
    const other = await app.createUser()
    expect((await app.get(url, { token: other.token })).status).toBe(403)
    const asAdmin = await app.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${admin.token}` },
    })
    expect(asAdmin.statusCode).toBe(200)
    expect(asAdmin.headers['content-type']).toBe('image/png')
    expect(asAdmin.headers['cache-control']).toBe('private, no-store')
    // never a public address: the storage's own URL of the key does not serve it
    const listed = await app.get<{ checks: { documentUrl: string }[] }>(
      '/api/admin/identity-checks',
      { token: admin.token },
    )
    expect(listed.body.checks.every((c) => c.documentUrl.startsWith('/api/admin/'))).toBe(true)
  })
})

describe('request, review and payment', () => {
  let payoutId: string
  let checkId: string
  let methodId: string

  it('needs the agreement, then pauses trading and allows one open request', async () => {
    const method = await app.post<{ id: string }>(
      '/api/payouts/methods',
      { kind: 'crypto', currency: 'USDT', network: 'TRC20', address: TRON_ADDRESS },
      { token: trader.token },
    )
    methodId = method.body.id
    const early = await app.post('/api/payouts', { accountId, methodId }, { token: trader.token })
    expect(early.status).toBe(422)
    await app.post('/api/payouts/agreement', { version: '2026-11-01' }, { token: trader.token })
    const requested = await app.post<PayoutDto>(
      '/api/payouts',
      { accountId, methodId },
      { token: trader.token },
    )
    expect(requested.status).toBe(201)
    expect(requested.body.status).toBe('requested')
    expect(requested.body.totalCents).toBe(
      requested.body.traderShareCents + requested.body.feeRefundCents,
    )
    payoutId = requested.body.id
    const again = await app.post('/api/payouts', { accountId, methodId }, { token: trader.token })
    expect(again.status).toBe(409)
    btc('65000.00')
    const order = await app.post(
      `/api/trading/accounts/${accountId}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '0.10' },
      { token: trader.token },
    )
    expect(order.status).toBe(409)
  })

  it('cannot be approved before the identity is; then exactly one of two approvals sends it', async () => {
    const early = await app.post(
      `/api/admin/payouts/${payoutId}/review`,
      { decision: 'approve', reason: 'Evidence checked' },
      { token: admin.token },
    )
    expect(early.status).toBe(409)
    const pendingCheck = async () => {
      const checks = await app.get<{ checks: { id: string; userId: string }[] }>(
        '/api/admin/identity-checks',
        { token: admin.token },
      )
      return checks.body.checks.find((c) => c.userId === trader.user.id)!.id
    }
    // a rejection needs a reason the trader is told (the shared admin reason, decision 0055)
    const firstCheckId = await pendingCheck()
    const unexplained = await app.post(
      `/api/admin/identity-checks/${firstCheckId}/review`,
      { decision: 'reject', reason: 'no' },
      { token: admin.token },
    )
    expect(unexplained.status).toBe(422)
    const rejected = await app.post(
      `/api/admin/identity-checks/${firstCheckId}/review`,
      { decision: 'reject', reason: 'The selfie does not show the document' },
      { token: admin.token },
    )
    expect(rejected.status).toBe(200)
    expect((await identityOf(trader)).status).toBe(201)
    checkId = await pendingCheck()
    const approved = await app.post(
      `/api/admin/identity-checks/${checkId}/review`,
      { decision: 'approve', reason: 'Evidence checked' },
      { token: admin.token },
    )
    expect(approved.status).toBe(200)
    expect((await payoutRow(payoutId)).status).toBe('under_review')

    const queue = await app.get<{ payouts: { id: string; evidence: { met: boolean }[] }[] }>(
      '/api/admin/payouts',
      { token: admin.token },
    )
    const queued = queue.body.payouts.find((p) => p.id === payoutId)!
    expect(queued.evidence.length).toBeGreaterThan(5)
    expect(queued.evidence.every((c) => c.met)).toBe(true)

    const sentBefore = app.oxapay.payouts.payouts().length
    const [first, second] = await Promise.all([
      app.post(
        `/api/admin/payouts/${payoutId}/review`,
        { decision: 'approve', reason: 'Evidence checked' },
        { token: admin.token },
      ),
      app.post(
        `/api/admin/payouts/${payoutId}/review`,
        { decision: 'approve', reason: 'Evidence checked' },
        { token: admin.token },
      ),
    ])
    expect([first.status, second.status].sort()).toEqual([200, 409])
    const paid = await waitFor(
      async () => {
        const row = await payoutRow(payoutId)
        return row.status === 'paid' && row.ledgerSeq !== null ? row : undefined
      },
      { what: 'the payout paid and settled', timeoutMs: 30_000 },
    )
    const sent = app.oxapay.payouts.payouts().slice(sentBefore)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.description).toBe(payoutId)
    expect(sent[0]!.address).toBe(TRON_ADDRESS)
    expect(paid.balanceAfterCents).toBe(10_000_000)
  })

  it('is audited at each step with who, what, on what and why; the system names its cause', async () => {
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.targetId, [payoutId, trader.user.id]))
    // the test clock may stand still between steps: compared in the order of the actions' names
    const rows = entries
      .filter((e) => e.action.startsWith('payout.') || e.action.startsWith('identity.'))
      .map((e) => [e.action, e.actorUserId, e.targetType, e.targetId, e.reason])
      .sort(([a], [b]) => String(a).localeCompare(String(b)))
    expect(rows).toEqual([
      ['identity.approve', admin.user.id, 'user', trader.user.id, 'Evidence checked'],
      [
        'identity.reject',
        admin.user.id,
        'user',
        trader.user.id,
        'The selfie does not show the document',
      ],
      // exactly one of the two approvals
      ['payout.approve', admin.user.id, 'payout', payoutId, 'Evidence checked'],
      ['payout.paid', null, 'payout', payoutId, 'OxaPay payout status confirmed'],
      [
        'payout.request',
        trader.user.id,
        'payout',
        payoutId,
        'Payout requested by the account owner',
      ],
      [
        'payout.sending',
        null,
        'payout',
        payoutId,
        'Approved crypto payout claimed for sending through OxaPay',
      ],
      ['payout.sent', null, 'payout', payoutId, 'OxaPay payout status processing'],
      [
        'payout.under_review',
        null,
        'payout',
        payoutId,
        'Identity check approved: the request waits for its review',
      ],
    ])
  })

  it('the balance dropped by the withdrawn profit once; duplicate and forged callbacks change nothing', async () => {
    const trackId = (await payoutRow(payoutId)).providerTrackId!
    const duplicate = await app.oxapay.payouts.sendPayoutCallback(trackId)
    expect(duplicate.status).toBe(200)
    const forged = await app.oxapay.payouts.sendPayoutCallback(trackId, { tamper: true })
    expect(forged.status).toBe(400)
    await app.waitForJobs()
    const withdrawals = await app.db
      .select()
      .from(simDeals)
      .where(and(eq(simDeals.reason, 'withdrawal')))
    const ours = withdrawals.filter((d) => d.profit === -200_000)
    expect(ours).toHaveLength(1)
    const state = await app.get<{ account: { balance: number } }>(
      `/api/trading/accounts/${accountId}`,
      { token: trader.token },
    )
    expect(state.status).toBe(200)
    const timeline = await app.get<{ payouts: PayoutDto[] }>('/api/payouts', {
      token: trader.token,
    })
    const mine = timeline.body.payouts.find((p) => p.id === payoutId)!
    expect(mine.timeline.map((e) => e.status)).toEqual([
      'requested',
      'under_review',
      'approved',
      'sending',
      'sent',
      'paid',
    ])
  })

  it('replaying the exported period through the engine gives the live re-based floors', async () => {
    const exported = await app.get<{ rules: Rulebook; history: EvaluationInput['history'] }>(
      `/api/trading/accounts/${accountId}/engine-input`,
      { token: trader.token },
    )
    expect(exported.status).toBe(200)
    const body = exported.body as unknown as {
      rules: Rulebook
      history: EvaluationInput['history']
    }
    expect(body.rules.initialBalance).toBe(100_000)
    expect(body.history.snapshots[0]!.balance).toBe(100_000)
    const verdict = evaluate(body.rules, body.history)
    expect(verdict.status).toBe('active')
    const live = app.ctx.trading.risk.get(accountId)!
    expect(verdict.days.at(-1)!.maxFloor).toBe(live.evaluator.maxFloor)
    expect(verdict.days.at(-1)!.maxFloor).toBe(88_000)
    // trading resumed
    btc('65000.00')
    const order = await app.post(
      `/api/trading/accounts/${accountId}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '0.10' },
      { token: trader.token },
    )
    expect(order.status).toBe(201)
  })
})

describe('a kill while sending', () => {
  it('a retry finds the payout OxaPay already has and never sends a second one', async () => {
    const second = await app.createUser()
    const secondAccount = await fundedAccount(second)
    const { methodId, checkId } = await readyTrader(second)
    await app.post(
      `/api/admin/identity-checks/${checkId}/review`,
      { decision: 'approve', reason: 'Evidence checked' },
      { token: admin.token },
    )
    const requested = await app.post<PayoutDto>(
      '/api/payouts',
      { accountId: secondAccount, methodId },
      { token: second.token },
    )
    expect(requested.status).toBe(201)
    const id = requested.body.id
    // the process died after OxaPay took the payout, before its answer was stored
    await app.db.update(payouts).set({ status: 'sending' }).where(eq(payouts.id, id))
    await app.ctx.payments.oxapay.createPayout({
      address: TRON_ADDRESS,
      currency: 'USDT',
      network: 'TRC20',
      amount: '1.00',
      description: id,
      callbackUrl: `${app.baseUrl}/api/payouts/oxapay/callback`,
    })
    const countBefore = app.oxapay.payouts.payouts().filter((p) => p.description === id).length
    expect(countBefore).toBe(1)
    await sendPayout(app.ctx, id)
    await sendPayout(app.ctx, id)
    expect(app.oxapay.payouts.payouts().filter((p) => p.description === id)).toHaveLength(1)
    const row = await payoutRow(id)
    expect(row.status === 'sent' || row.status === 'paid').toBe(true)
    expect(row.providerTrackId).not.toBeNull()
  })
})

describe('the late bonus', () => {
  it('is added once to a payout not paid 24 hours after its request, visible in the timeline', async () => {
    const late = await app.createUser()
    const lateAccount = await fundedAccount(late)
    const { methodId } = await readyTrader(late)
    const requested = await app.post<PayoutDto>(
      '/api/payouts',
      { accountId: lateAccount, methodId },
      { token: late.token },
    )
    expect(requested.status).toBe(201)
    app.clock.advance({ hours: 23, minutes: 59 })
    await addLateBonuses(app.ctx)
    expect((await payoutRow(requested.body.id)).lateBonusCents).toBe(0)
    app.clock.advance({ minutes: 2 })
    await addLateBonuses(app.ctx)
    await addLateBonuses(app.ctx)
    const row = await payoutRow(requested.body.id)
    expect(row.lateBonusCents).toBe(100_000)
    const history = await app.get<{ payouts: PayoutDto[] }>('/api/payouts', {
      token: await app.tokenFor(late),
    })
    const shown = history.body.payouts.find((p) => p.id === requested.body.id)!
    expect(shown.totalCents).toBe(shown.traderShareCents + shown.feeRefundCents + 100_000)
    // due before the money left: part of the payout itself, not owed by itself
    expect(shown.lateBonusOwedCents).toBe(0)
    expect(shown.timeline.filter((e) => e.status === 'late_bonus')).toHaveLength(1)
  })
})
