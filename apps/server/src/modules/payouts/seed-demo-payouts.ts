import { baseFee, getPlanPolicy, toPlanKey } from '@tp/domain'
import { computePayoutAmount } from '@tp/domain/payouts'
import { FUNDED_TRADER_AGREEMENT_VERSION, payoutMethodLabel } from '@tp/api/payouts'
import { and, desc, eq, lte } from 'drizzle-orm'
import type { AppContext } from '../../context'
import {
  evaluationEvents,
  identityChecks,
  payoutAgreements,
  payoutMethods,
  payouts,
  tradingAccounts,
} from '../../db/schema'
import { platformGroupOf } from '../accounts/provision-account'
import { issueCertificate } from '../certificates/issue-certificate'
import { createScenarioAccount } from '../scenarios/create-scenario-account'
import { recordPayoutEvent } from './payout-records'

// The demo trader's funded side (issue 13 item 10): a Two Phase 100K that passed both phases
// (two certificates, by the certificates sweep), a funded account with one paid payout (its
// certificate) and, since then, profit that is eligible for the next request: five trading days
// of +$600 before the payout, five of +$480 after it (23 days ago to 16), best day 20%.

const DAY_MS = 86_400_000
// a 1x1 PNG: the demo's identity images (approved already)
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const DEMO_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'

const trade = (openDaysAgo: number, closePrice: string) => ({
  symbol: 'BTCUSD' as const,
  side: 'buy' as const,
  volume: '1.00',
  openPrice: '65000.00',
  closePrice,
  openDaysAgo,
  durationMinutes: 120,
})

export async function seedDemoPayouts(
  ctx: AppContext,
  userId: string,
  email: string,
): Promise<void> {
  const nowMs = ctx.clock.now().getTime()
  const funded = await createScenarioAccount(ctx, {
    email,
    challenge: 'twoPhase',
    sizeK: 100,
    platform: 'mt5',
    stage: 'funded',
    startDaysAgo: 40,
    trades: [
      ...[39, 38, 37, 36, 35].map((d) => trade(d, '65600.00')),
      ...[23, 22, 21, 20, 19].map((d) => trade(d, '65480.00')),
    ],
  })
  // the two phases it passed: accounts on the platform as any passed phase is (login, server,
  // passwords), read-only since they passed; the certificates of both
  for (const [stage, startDays, endDays] of [
    ['phase1', 80, 60],
    ['phase2', 60, 41],
  ] as const) {
    const planKey = toPlanKey('twoPhase', stage)
    const policy = getPlanPolicy(planKey, funded.rulebookVersion)
    const created = await ctx.trading.platform.createAccount({
      requestId: `demo-${funded.challengeId}-${stage}`,
      platform: funded.platform,
      name: 'Demo Trader',
      email,
      group: platformGroupOf(planKey),
      balance: funded.initialBalance,
      leverage: policy.leverage.standard,
      limits: {
        maxLotsPerForexOrder: policy.maxLotsPerForexOrder,
        marginCallPercent: policy.marginCallPercent,
        stopOutPercent: policy.stopOutPercent,
      },
    })
    await ctx.trading.platform.setTradingEnabled(created.externalId, false)
    const [phase] = await ctx.db
      .insert(tradingAccounts)
      .values({
        challengeId: funded.challengeId,
        userId,
        stage,
        planKey,
        rulebookVersion: funded.rulebookVersion,
        sizeK: funded.sizeK,
        platform: funded.platform,
        adapter: funded.adapter,
        leverage: policy.leverage.standard,
        initialBalance: funded.initialBalance,
        externalId: created.externalId,
        login: created.login,
        server: created.server,
        passwordCipher: ctx.secrets.seal(created.password),
        investorPasswordCipher: ctx.secrets.seal(created.investorPassword),
        status: 'passed',
        isTradingEnabled: false,
        createdAt: new Date(nowMs - startDays * DAY_MS),
        startedAt: new Date(nowMs - startDays * DAY_MS),
        endedAt: new Date(nowMs - endDays * DAY_MS),
      })
      .returning({ id: tradingAccounts.id })
    await issueCertificate(ctx, {
      accountId: phase!.id,
      kind: stage === 'phase1' ? 'phase1' : 'funded',
    })
  }

  // identity approved, agreement accepted, a USDT (TRC20) method saved
  const at = (daysAgo: number) => new Date(nowMs - daysAgo * DAY_MS)
  await ctx.storage.put(`identity/${userId}/demo/document`, PIXEL_PNG, 'image/png')
  await ctx.storage.put(`identity/${userId}/demo/selfie`, PIXEL_PNG, 'image/png')
  await ctx.db.insert(identityChecks).values({
    userId,
    status: 'approved',
    legalName: 'Demo Trader',
    dateOfBirth: '1990-01-01',
    country: 'GB',
    documentKey: `identity/${userId}/demo/document`,
    documentContentType: 'image/png',
    selfieKey: `identity/${userId}/demo/selfie`,
    selfieContentType: 'image/png',
    submittedAt: at(34),
    reviewedAt: at(33),
  })
  await ctx.db
    .insert(payoutAgreements)
    .values({ userId, version: FUNDED_TRADER_AGREEMENT_VERSION, acceptedAt: at(34) })
    .onConflictDoNothing()
  const details = {
    kind: 'crypto' as const,
    currency: 'USDT',
    network: 'TRC20',
    address: DEMO_ADDRESS,
    memo: '',
  }
  const label = payoutMethodLabel(details)
  await ctx.db.insert(payoutMethods).values({
    userId,
    kind: 'crypto',
    label,
    details: { currency: 'USDT', network: 'TRC20', address: DEMO_ADDRESS, memo: '' },
    createdAt: at(34),
  })

  // the paid payout of the first period: $3,000 profit, 90% + the fee refund
  const requestedAt = at(33)
  const paidAt = new Date(requestedAt.getTime() + 6 * 3_600_000)
  const amount = computePayoutAmount({
    planKey: 'twoPhase.funded',
    rulebookVersion: funded.rulebookVersion,
    addOns: { profitSplit100: false, fastPayout: false },
    profitCents: 300_000,
    isFirstPayout: true,
    feePaidCents: baseFee('twoPhase', 100).cents,
  })
  // the period it closed: the ledger's last snapshot before it was paid
  const [boundary] = await ctx.db
    .select({ seq: evaluationEvents.seq })
    .from(evaluationEvents)
    .where(
      and(
        eq(evaluationEvents.accountId, funded.id),
        eq(evaluationEvents.kind, 'snapshot'),
        lte(evaluationEvents.tMs, paidAt.getTime()),
      ),
    )
    .orderBy(desc(evaluationEvents.seq))
    .limit(1)
  const [payout] = await ctx.db
    .insert(payouts)
    .values({
      userId,
      accountId: funded.id,
      status: 'paid',
      methodKind: 'crypto',
      method: { label, details: { currency: 'USDT', network: 'TRC20', address: DEMO_ADDRESS } },
      profitCents: amount.profitCents,
      splitPercent: amount.splitPercent,
      traderShareCents: amount.traderShareCents,
      feeRefundCents: amount.feeRefundCents,
      withdrawnCents: amount.withdrawnCents,
      evidence: { conditions: [] },
      requestedAt,
      reviewedAt: new Date(requestedAt.getTime() + 2 * 3_600_000),
      providerTrackId: 'demo-payout-1',
      providerStatus: 'confirmed',
      paidAt,
      ledgerSeq: boundary?.seq ?? null,
      balanceAfterCents: funded.initialBalance,
      updatedAt: paidAt,
    })
    .returning({ id: payouts.id })
  const steps: [string, number][] = [
    ['requested', 0],
    ['under_review', 0],
    ['approved', 2],
    ['sending', 2],
    ['sent', 2],
    ['paid', 6],
  ]
  for (const [status, hours] of steps) {
    await recordPayoutEvent(ctx, ctx.db, payout!.id, status, {
      at: new Date(requestedAt.getTime() + hours * 3_600_000),
    })
  }
  // the profit of the first period left the account
  await ctx.trading.platform.applyBalanceOperation(funded.externalId!, -amount.withdrawnCents)
  await issueCertificate(ctx, {
    accountId: funded.id,
    kind: 'payout',
    payoutId: payout!.id,
    amountCents: amount.totalCents,
    at: paidAt,
  })
}
