import { and, eq, sql } from 'drizzle-orm'
import { messages, type PositionDto } from '@tp/api'
import { nextPlanKey, parsePlanKey, type Verdict } from '@tp/domain'
import { certificateKindForPass } from '@tp/domain/certificates'
import type { AppContext } from '../../context'
import { breaches, tradingAccounts } from '../../db/schema'
import type { PlatformPosition } from '../../integrations/trading-platform/trading-platform'
import { sendEmailJob } from '../../jobs/send-email'
import { computeMeters } from '../../risk/meters'
import {
  dayRow,
  daysUpsert,
  ledgerInsert,
  writeDays,
  writeLedger,
  type MonitoredAccount,
  type RiskHooks,
} from '../../risk/risk-monitor'
import { issueCertificate } from '../certificates/issue-certificate'
import { findUserById } from '../users/find-user'
import { breachEmail, passedEmail } from './account-emails'
import { toPositionDto } from './account-state'
import { provisionAccountJob } from './provision-account'

// What happens when the live evaluator rules (decisions.md, lifecycle):
// - a hard breach: on the breaching tick itself trading is disabled, pending orders cancelled and
//   positions closed at market; then the evidence (the breaching snapshot, the floor, the rule,
//   the rulebook version, the positions open at that moment) is stored with the failed status,
//   in one transaction with the ledger rows that led to it, and the trader is emailed;
// - a pass: the account becomes read-only, the next stage's account is provisioned (a job), its
//   certificate is issued (a job) and the trader is emailed.
// Both are idempotent: a restart that finds the verdict again in the ledger repeats nothing.

type Breached = { t: string; rule: 'dailyLoss' | 'maxLoss'; equity: number; floor: number }

export function createLifecycleHooks(getCtx: () => AppContext): RiskHooks {
  return {
    onBreach(account, verdict, positionsAtBreach) {
      const ctx = getCtx()
      const platform = ctx.trading.platform
      const stopping = handledAtOnce(ctx, account, [
        platform.setTradingEnabled(account.externalId, false),
        platform.cancelAllOrders(account.externalId),
        platform.closeAllPositions(account.externalId, 'breach'),
      ])
      void recordBreach(ctx, account, verdict, positionsAtBreach, stopping).catch(
        (error: unknown) =>
          ctx.logger.error(
            { err: error, accountId: account.accountId },
            'breach: could not record',
          ),
      )
    },
    onPass(account, verdict) {
      const ctx = getCtx()
      const platform = ctx.trading.platform
      const stopping = handledAtOnce(ctx, account, [
        platform.setTradingEnabled(account.externalId, false),
        platform.cancelAllOrders(account.externalId),
        platform.closeAllPositions(account.externalId, 'pass'),
      ])
      void recordPass(ctx, account, verdict, stopping).catch((error: unknown) =>
        ctx.logger.error({ err: error, accountId: account.accountId }, 'pass: could not record'),
      )
    },
    onMetersChanged(account) {
      getCtx().trading.hub.accountChanged(account.accountId)
    },
  }
}

/**
 * The platform calls that stop an account, each given its handler now: the verdict is stored
 * first and they are awaited after it, and a call that fails meanwhile (a position another
 * close already took, a platform down) must be logged, not left an unhandled rejection.
 */
function handledAtOnce(
  ctx: AppContext,
  account: MonitoredAccount,
  calls: Promise<unknown>[],
): Promise<unknown>[] {
  return calls.map((call) =>
    call.catch((error: unknown) => {
      ctx.logger.warn(
        { err: error, accountId: account.accountId },
        'stopping the account on its platform failed',
      )
    }),
  )
}

async function recordBreach(
  ctx: AppContext,
  account: MonitoredAccount,
  verdict: Verdict,
  positionsAtBreach: Promise<PlatformPosition[]>,
  stopping: Promise<unknown>[],
): Promise<void> {
  const breach = verdict.breach as Breached
  const breachMs = Date.parse(breach.t)
  const equity = Math.round(breach.equity * 100)
  const { rows, days } = ctx.trading.risk.takePending(account.accountId)
  const lastSnapshot = [...rows].reverse().find((row) => row.kind === 'snapshot')
  const balance = lastSnapshot?.balance ?? account.recordedBalance
  const openPositions: PositionDto[] = (await positionsAtBreach.catch(() => [])).map(toPositionDto)
  const meters = computeMeters(account.evaluator, equity, balance, breachMs)
  const finalDay = verdict.days.at(-1)
  // One statement (data-modifying CTEs, atomic like a transaction) ahead of the risk monitor's
  // flush: no transaction holds the database across round trips while ticks keep the event loop
  // busy, and the breaching tick is stored first.
  const evidence = ctx.db
    .insert(breaches)
    .values({
      accountId: account.accountId,
      rule: breach.rule,
      tMs: breachMs,
      balance,
      equity,
      floor: String(breach.floor),
      rulebookVersion: account.rulebookVersion,
      planKey: account.planKey,
      openPositions,
    })
    .onConflictDoNothing()
  const failed = ctx.db
    .update(tradingAccounts)
    .set({
      status: 'failed',
      isTradingEnabled: false,
      endedAt: new Date(breachMs),
      finalMeters: meters,
      evaluatorState: account.evaluator.toState(),
      evaluatorSeq: account.seq,
    })
    .where(and(eq(tradingAccounts.id, account.accountId), eq(tradingAccounts.status, 'active')))
    .returning({ id: tradingAccounts.id })
  const allDays = [...days, ...(finalDay ? [dayRow(account.accountId, finalDay)] : [])]
  const isRecorded = await persistently(ctx, 'breach', () =>
    ctx.trading.risk.writeVerdict(async () => {
      const result = await ctx.db.execute<{ failed: number }>(sql`
        with ledger as (${ledgerInsert(rows)}), days as (${daysUpsert(allDays)}),
          evidence as (${evidence.getSQL()}), failed as (${failed.getSQL()})
        select count(*)::int as failed from failed`)
      return Number(result.rows[0]?.failed ?? 0) > 0
    }),
  )
  ctx.trading.risk.forget(account.accountId)
  await Promise.allSettled(stopping)
  const ruleLabel = messages.trading.ruleLabels[breach.rule]
  ctx.trading.hub.accountEvent(account.accountId, 'breach', messages.trading.breached(ruleLabel))
  ctx.trading.hub.breachRecorded(account.accountId, breachMs)
  if (!isRecorded) return
  ctx.logger.info({ accountId: account.accountId, rule: breach.rule }, 'account failed: breach')
  const [row] = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.id, account.accountId))
  const user = await findUserById(ctx.db, account.userId)
  if (!row || !user) return
  await ctx.jobs.enqueue(
    sendEmailJob,
    breachEmail(user.email, {
      stage: row.stage,
      login: row.login ?? '',
      rule: breach.rule,
      at: breach.t,
      equity,
      floor: Math.round(breach.floor * 100),
      rulebookVersion: row.rulebookVersion,
      openPositions: openPositions.length,
      appUrl: ctx.env.APP_URL,
    }),
  )
}

/** A pass: true when this call recorded it (a manual pass by the risk desk comes here too). */
export async function recordPass(
  ctx: AppContext,
  account: MonitoredAccount,
  verdict: Verdict,
  stopping: Promise<unknown>[],
): Promise<boolean> {
  const passedMs = Date.parse(verdict.passedAt!)
  const { rows, days } = ctx.trading.risk.takePending(account.accountId)
  const meters = computeMeters(account.evaluator, account.equityNow, account.balanceNow, passedMs)
  const finalDay = verdict.days.at(-1)
  const [row] = await persistently(ctx, 'pass', () =>
    ctx.trading.risk.writeVerdict(() =>
      ctx.db.transaction(async (tx) => {
        await writeLedger(tx, rows)
        await writeDays(tx, [...days, ...(finalDay ? [dayRow(account.accountId, finalDay)] : [])])
        return tx
          .update(tradingAccounts)
          .set({
            status: 'passed',
            isTradingEnabled: false,
            endedAt: new Date(passedMs),
            finalMeters: meters,
            evaluatorState: account.evaluator.toState(),
            evaluatorSeq: account.seq,
          })
          .where(
            and(eq(tradingAccounts.id, account.accountId), eq(tradingAccounts.status, 'active')),
          )
          .returning()
      }),
    ),
  )
  ctx.trading.risk.forget(account.accountId)
  await Promise.allSettled(stopping)
  ctx.trading.hub.accountEvent(account.accountId, 'passed', messages.trading.passed)
  const [current] = row
    ? [row]
    : await ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, account.accountId))
  if (!current) return false
  const next = nextPlanKey(account.planKey)
  if (next !== null) {
    // a job, also when the pass was found again after a restart: provisioning is idempotent
    await ctx.jobs.enqueue(provisionAccountJob, {
      challengeId: current.challengeId,
      stage: parsePlanKey(next).stage,
      previousAccountId: current.id,
    })
  }
  // the pass's certificate (phase 1, or funded for phase 2): issued exactly once, however often
  const certificateKind = certificateKindForPass(current.stage)
  if (certificateKind) await issueCertificate(ctx, { accountId: current.id, kind: certificateKind })
  if (!row) return false
  ctx.logger.info({ accountId: account.accountId }, 'account passed')
  const user = await findUserById(ctx.db, account.userId)
  if (user) {
    await ctx.jobs.enqueue(
      sendEmailJob,
      passedEmail(user.email, {
        stage: current.stage,
        login: current.login ?? '',
        appUrl: ctx.env.APP_URL,
      }),
    )
  }
  return true
}

/**
 * The verdict's transaction, retried with backoff: its ledger rows were taken out of the monitor's
 * buffer, so giving up would lose them (a database hiccup must not leave an account half-ended).
 */
async function persistently<T>(ctx: AppContext, what: string, write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write()
    } catch (error) {
      if (attempt >= 8) throw error
      ctx.logger.warn({ err: error, attempt }, `${what}: write failed, retrying`)
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt))
    }
  }
}
