import { randomUUID } from 'node:crypto'
import { challengeTypeLabels, type ChallengeType } from '@tp/domain'
import {
  certificateDate,
  certificateIssueKey,
  certificateKindSchema,
  type CertificateData,
  type CertificateKind,
} from '@tp/domain/certificates'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { AppContext } from '../../context'
import {
  certificates,
  challenges,
  tradingAccounts,
  type CertificateRow,
  type TradingAccountRow,
} from '../../db/schema'
import { defineJob } from '../../jobs/job-runner'
import { certificateKeyOf, signCertificate } from '../../lib/certificate-signature'
import { AppError } from '../../lib/errors'
import { findUserById } from '../users/find-user'
import { storeCertificateFiles } from './certificate-files'

// Certificates are issued exactly once each (issue 13 item 1):
// - `issueCertificate` only queues the `certificates.issue` job, so a milestone's certificate
//   survives a crash of the caller once the job is queued, and may be asked for any number of
//   times (a retried pass, a duplicate payout callback);
// - the job inserts the row on its unique issue key (account:kind, account:payout:<id>): of any
//   number of attempts, at once or after a crash, one row wins and the others read it back;
// - it then renders the winner's files (the same data, the same bytes) and marks it rendered.
//   `sweepCertificatesJob` (certificate-sweep.ts) queues what a crash before the queueing lost.

export type IssueCertificateInput = {
  accountId: string
  kind: CertificateKind
  /** a payout certificate's payout */
  payoutId?: string
  /** a payout certificate's amount paid, integer USD cents */
  amountCents?: number
  /** when a payout was paid (the certificate's date); default: when the certificate is issued */
  at?: Date
}

const issueSchema = z.object({
  accountId: z.uuid(),
  kind: certificateKindSchema,
  payoutId: z.uuid().optional(),
  amountCents: z.number().int().positive().optional(),
  /** ISO instant: the job's payload crosses the database as JSON */
  at: z.iso.datetime().optional(),
})
type IssueJobData = z.infer<typeof issueSchema>

/**
 * Asks for a milestone's certificate: queued, issued exactly once, however often asked. Call it
 * when the milestone is committed (a pass, an Instant Funding activation, a payout paid).
 */
export async function issueCertificate(
  ctx: AppContext,
  input: IssueCertificateInput,
): Promise<void> {
  const { at, ...rest } = input
  const parsed = issueSchema.parse({ ...rest, ...(at ? { at: at.toISOString() } : {}) })
  try {
    certificateIssueKey(parsed)
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', {
      message: error instanceof Error ? error.message : String(error),
    })
  }
  await ctx.jobs.enqueue(issueCertificateJob, parsed)
}

/**
 * The job's work: the certificate's row (inserted once) and its files (rendered until stored).
 * Returns the row, or null when the account has not reached that milestone (nothing to certify).
 */
export async function createCertificate(
  ctx: AppContext,
  input: IssueCertificateInput | IssueJobData,
): Promise<CertificateRow | null> {
  const issueKey = certificateIssueKey(input)
  let row = await findByIssueKey(ctx, issueKey)
  if (!row) {
    const data = await certificateDataFor(ctx, input)
    if (!data) return null
    await ctx.db
      .insert(certificates)
      .values({
        id: data.certificate.id,
        userId: data.userId,
        accountId: input.accountId,
        kind: input.kind,
        payoutId: input.payoutId ?? null,
        issueKey,
        hash: signCertificate(certificateKeyOf(ctx.env), data.certificate),
        data: data.certificate,
        issuedAt: ctx.clock.now(),
      })
      .onConflictDoNothing({ target: certificates.issueKey })
    row = await findByIssueKey(ctx, issueKey)
    if (!row) throw new Error(`certificate ${issueKey} vanished`)
  }
  if (row.renderedAt === null) {
    await storeCertificateFiles(ctx, row)
    const [rendered] = await ctx.db
      .update(certificates)
      .set({ renderedAt: ctx.clock.now() })
      .where(eq(certificates.id, row.id))
      .returning()
    if (rendered) row = rendered
    ctx.logger.info(
      { certificateId: row.id, kind: row.kind, accountId: row.accountId },
      'certificate issued',
    )
  }
  return row
}

async function findByIssueKey(ctx: AppContext, issueKey: string) {
  const [row] = await ctx.db.select().from(certificates).where(eq(certificates.issueKey, issueKey))
  return row ?? null
}

/** Whether the account has reached the milestone the kind certifies. */
function hasReached(account: TradingAccountRow, kind: CertificateKind): boolean {
  switch (kind) {
    case 'phase1':
      return account.stage === 'phase1' && account.status === 'passed'
    case 'funded':
      return account.stage === 'phase2' && account.status === 'passed'
    case 'instantFunding':
      return account.planKey === 'instantFund.funded' && account.startedAt !== null
    case 'payout':
      return account.stage === 'funded'
  }
}

async function certificateDataFor(
  ctx: AppContext,
  input: IssueCertificateInput | IssueJobData,
): Promise<{ userId: string; certificate: CertificateData } | null> {
  const [found] = await ctx.db
    .select({ account: tradingAccounts, challengeType: challenges.challengeType })
    .from(tradingAccounts)
    .innerJoin(challenges, eq(challenges.id, tradingAccounts.challengeId))
    .where(eq(tradingAccounts.id, input.accountId))
  if (!found || !hasReached(found.account, input.kind)) {
    ctx.logger.warn(
      { accountId: input.accountId, kind: input.kind },
      'certificate: the account has not reached this milestone; none issued',
    )
    return null
  }
  const { account } = found
  const user = await findUserById(ctx.db, account.userId)
  if (!user) return null
  const at =
    input.kind === 'instantFunding'
      ? account.startedAt
      : input.kind === 'payout'
        ? input.at
          ? new Date(input.at)
          : ctx.clock.now()
        : account.endedAt
  return {
    userId: account.userId,
    certificate: {
      id: randomUUID(),
      kind: input.kind,
      traderName: traderNameOf(user),
      accountSizeCents: account.initialBalance,
      currency: 'USD',
      plan: challengeTypeLabels[found.challengeType as ChallengeType],
      date: certificateDate(at ?? ctx.clock.now()),
      amountCents: input.kind === 'payout' ? (input.amountCents ?? null) : null,
    },
  }
}

/** The name printed: the user's name, never an email; else "Trader #<first 6 of the id>". */
export function traderNameOf(user: { id: string; name: string | null }): string {
  const name = user.name?.trim() ?? ''
  if (name && !name.includes('@')) return name.slice(0, 120)
  return `Trader #${user.id.replaceAll('-', '').slice(0, 6).toUpperCase()}`
}

export const issueCertificateJob = defineJob({
  name: 'certificates.issue',
  schema: issueSchema,
  retryLimit: 10,
  retryDelaySeconds: 2,
  handle: async (ctx, data) => {
    await createCertificate(ctx, data)
  },
})
