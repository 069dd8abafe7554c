import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import {
  accountBalanceDollars,
  getPlanPolicy,
  stages,
  toPlanKey,
  type AccountSizeK,
  type PlanKey,
  type Stage,
} from '@tp/domain'
import { z } from 'zod'
import type { AppContext } from '../../context'
import {
  platformKindOf,
  type PlatformKind,
} from '../../integrations/trading-platform/trading-platform'
import { challenges, tradingAccounts, type TradingAccountRow } from '../../db/schema'
import { defineJob } from '../../jobs/job-runner'
import { issueCertificate } from '../certificates/issue-certificate'
import { findUserById } from '../users/find-user'
import { toTradingAccountDto, toTradingCredentials } from './account-dto'
import { credentialsEmail } from './account-emails'

// Exactly one trading account per (challenge, stage), however many times provisioning runs, at
// once or after a crash (docs/decisions/0015):
// 1. the row is claimed first: insert ... on conflict do nothing on the (challenge, stage) key;
// 2. one attempt at a time holds it with a lease (no transaction is held across the platform call);
// 3. the platform creates the account idempotently by the row's id (MetaApi's transaction-id, the
//    simulator's request id), so a retry after a crash gets the same account back;
// 4. the row becomes active with its credentials sealed, evaluation starts, the credentials are
//    emailed (the email job reads and unseals them: no password ever sits in a job's payload).

const LEASE_MS = 60_000

/**
 * The platform group of a plan stage's accounts (MT5 Group, MetaApi's account type): one per
 * stage, so a firm's server can give each plan its own conditions. The simulator ignores it.
 */
export function platformGroupOf(planKey: PlanKey): string {
  return `tradepeak\\${planKey}`
}

export class ProvisioningBusy extends Error {
  constructor(accountId: string) {
    super(`account ${accountId} is being provisioned by another attempt`)
    this.name = 'ProvisioningBusy'
  }
}

export async function provisionStageAccount(
  ctx: AppContext,
  input: {
    challengeId: string
    stage: Stage
    previousAccountId?: string | null
    /** when evaluation starts; default now (the scenario driver starts accounts in the past) */
    startedAt?: Date
    /**
     * the adapter of a NEW account row; default TRADING_PLATFORM's. The scenario driver books its
     * past trades on the simulated server, so its accounts live there whatever the default is.
     */
    adapter?: PlatformKind
  },
): Promise<TradingAccountRow> {
  const [challenge] = await ctx.db
    .select()
    .from(challenges)
    .where(eq(challenges.id, input.challengeId))
  if (!challenge) throw new Error(`no challenge ${input.challengeId}`)
  const planKey = toPlanKey(challenge.challengeType, input.stage)
  const policy = getPlanPolicy(planKey, challenge.rulebookVersion)

  await ctx.db
    .insert(tradingAccounts)
    .values({
      challengeId: challenge.id,
      userId: challenge.userId,
      stage: input.stage,
      planKey,
      rulebookVersion: challenge.rulebookVersion,
      sizeK: challenge.sizeK,
      platform: challenge.platform,
      adapter: input.adapter ?? ctx.trading.platform.kind,
      leverage: policy.leverage.standard,
      initialBalance: accountBalanceDollars(challenge.sizeK as AccountSizeK) * 100,
      previousAccountId: input.previousAccountId ?? null,
    })
    .onConflictDoNothing({ target: [tradingAccounts.challengeId, tradingAccounts.stage] })
  const [row] = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(
      and(eq(tradingAccounts.challengeId, challenge.id), eq(tradingAccounts.stage, input.stage)),
    )
  if (!row) throw new Error('the account row vanished')
  if (row.status === 'active') await finishActivation(ctx, row)
  if (row.status !== 'provisioning') return row

  const now = ctx.clock.now()
  const [claimed] = await ctx.db
    .update(tradingAccounts)
    .set({
      provisioningLeaseUntil: new Date(now.getTime() + LEASE_MS),
      provisioningAttempts: sql`${tradingAccounts.provisioningAttempts} + 1`,
    })
    .where(
      and(
        eq(tradingAccounts.id, row.id),
        eq(tradingAccounts.status, 'provisioning'),
        or(
          isNull(tradingAccounts.provisioningLeaseUntil),
          lt(tradingAccounts.provisioningLeaseUntil, now),
        ),
      ),
    )
    .returning()
  if (!claimed) throw new ProvisioningBusy(row.id)

  try {
    const user = await findUserById(ctx.db, challenge.userId)
    const created = await ctx.trading.platform.createAccount({
      requestId: row.id,
      // where the first attempt went, whatever TRADING_PLATFORM says now (decision 0042)
      adapter: platformKindOf(row.adapter),
      isFirstAttempt: claimed.provisioningAttempts === 1,
      platform: row.platform,
      name: user?.name || user?.email || 'Trader',
      email: user?.email ?? '',
      group: platformGroupOf(planKey),
      balance: row.initialBalance,
      leverage: row.leverage,
      limits: {
        maxLotsPerForexOrder: policy.maxLotsPerForexOrder,
        marginCallPercent: policy.marginCallPercent,
        stopOutPercent: policy.stopOutPercent,
      },
    })
    const startedAt = input.startedAt ?? ctx.clock.now()
    const [active] = await ctx.db
      .update(tradingAccounts)
      .set({
        externalId: created.externalId,
        login: created.login,
        server: created.server,
        passwordCipher: ctx.secrets.seal(created.password),
        investorPasswordCipher: ctx.secrets.seal(created.investorPassword),
        status: 'active',
        startedAt,
        provisioningLeaseUntil: null,
        provisioningError: null,
      })
      .where(and(eq(tradingAccounts.id, row.id), eq(tradingAccounts.status, 'provisioning')))
      .returning()
    if (!active) {
      const [current] = await ctx.db
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.id, row.id))
      return current!
    }
    // an account started in the past gets its history booked before the clock's resets apply
    await ctx.trading.risk.track(active, startedAt.getTime(), {
      isBackfilling: input.startedAt !== undefined,
    })
    await ctx.jobs.enqueue(sendCredentialsEmailJob, { accountId: active.id })
    // an Instant Funding activation's certificate; a funded account that replaces another (a
    // payout's roll-over, decision 0054) activates nothing new
    if (planKey === 'instantFund.funded' && !active.previousAccountId) {
      await issueCertificate(ctx, { accountId: active.id, kind: 'instantFunding' })
    }
    ctx.trading.hub.accountProvisioned(active)
    ctx.logger.info(
      { accountId: active.id, login: active.login, planKey },
      'trading account provisioned',
    )
    return active
  } catch (error) {
    await ctx.db
      .update(tradingAccounts)
      .set({
        provisioningLeaseUntil: null,
        provisioningError: error instanceof Error ? error.message.slice(0, 500) : String(error),
      })
      .where(eq(tradingAccounts.id, row.id))
    throw error
  }
}

/**
 * What follows activation, again when an attempt died or failed after the row became active (its
 * retry finds the row active, with no credentials email sent a lease's time after the start; a
 * young account's email job is still on its way): the evaluation's start, if the monitor does not
 * judge the account yet, and the credentials email.
 */
async function finishActivation(ctx: AppContext, row: TradingAccountRow): Promise<void> {
  if (!row.startedAt || row.credentialsSentAt !== null) return
  if (ctx.clock.now().getTime() - row.startedAt.getTime() <= LEASE_MS) return
  await ctx.trading.risk.ensureTracked(row)
  await ctx.jobs.enqueue(sendCredentialsEmailJob, { accountId: row.id })
}

const provisionSchema = z.object({
  challengeId: z.uuid(),
  stage: z.enum(stages),
  previousAccountId: z.uuid().nullable().default(null),
})

/** Provisioning as a job: retried with backoff, resumed after a restart. */
export const provisionAccountJob = defineJob({
  name: 'accounts.provision',
  schema: provisionSchema,
  retryLimit: 12,
  retryDelaySeconds: 2,
  handle: async (ctx, data) => {
    await provisionStageAccount(ctx, data)
  },
})

export const sendCredentialsEmailJob = defineJob({
  name: 'accounts.credentials-email',
  schema: z.object({ accountId: z.uuid() }),
  retryLimit: 8,
  handle: async (ctx, { accountId }) => {
    const [row] = await ctx.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, accountId))
    if (!row || row.status === 'provisioning' || row.credentialsSentAt) return
    const user = await findUserById(ctx.db, row.userId)
    if (!user) return
    const dto = { ...toTradingAccountDto(ctx, row), ...toTradingCredentials(ctx, row) }
    await ctx.mailer.send(
      credentialsEmail(user.email, {
        stage: dto.stage,
        sizeK: dto.sizeK,
        platformLabel: dto.platformLabel,
        login: dto.login,
        password: dto.password,
        investorPassword: dto.investorPassword,
        server: dto.server,
        appUrl: ctx.env.APP_URL,
        isSimulated: row.adapter === 'simulated',
      }),
    )
    await ctx.db
      .update(tradingAccounts)
      .set({ credentialsSentAt: ctx.clock.now() })
      .where(eq(tradingAccounts.id, accountId))
  },
})
