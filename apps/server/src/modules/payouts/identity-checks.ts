import { randomUUID } from 'node:crypto'
import type { identitySubmitSchema } from '@tp/api/payouts'
import { payoutMessages, type IdentityCheck, type ReviewDecision } from '@tp/api/payouts'
import { and, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppContext } from '../../context'
import { identityChecks, payouts, users, type IdentityCheckRow } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { assertAdmin, assertAdminRead, type Caller } from '../access/authenticate'
import { recordAudit } from '../access/access-policy'
import { recordPayoutEvent } from './payout-records'

// The identity check before the first payout: legal name, date of birth, country, an ID document
// and a selfie. The images are stored privately (keys under identity/, never a public address)
// and served to admins only, by an authorised route. An admin approves, or rejects with a reason
// the trader sees and answers with a new submission.

const decodeImage = (dataUrl: string) => {
  const match = /^data:(image\/(?:png|jpeg|webp));base64,(.*)$/.exec(dataUrl)
  if (!match) throw new AppError('IMAGE_INVALID', { message: payoutMessages.imageTooLarge })
  return { contentType: match[1]!, body: Buffer.from(match[2]!, 'base64') }
}

export function toIdentityDto(row: IdentityCheckRow | undefined): IdentityCheck {
  if (!row) {
    return {
      id: null,
      status: 'none',
      legalName: null,
      dateOfBirth: null,
      country: null,
      rejectionReason: null,
      submittedAt: null,
      reviewedAt: null,
    }
  }
  return {
    id: row.id,
    status: row.status,
    legalName: row.legalName,
    dateOfBirth: row.dateOfBirth,
    country: row.country,
    rejectionReason: row.rejectionReason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  }
}

export async function submitIdentityCheck(
  ctx: AppContext,
  caller: Caller,
  input: z.output<typeof identitySubmitSchema>,
): Promise<IdentityCheck> {
  const [latest] = await ctx.db
    .select()
    .from(identityChecks)
    .where(eq(identityChecks.userId, caller.userId))
    .orderBy(desc(identityChecks.submittedAt))
    .limit(1)
  if (latest && latest.status !== 'rejected') {
    throw new AppError('PAYOUT_CONFLICT', {
      message:
        latest.status === 'approved'
          ? 'Your identity is already verified.'
          : 'Your identity check is waiting for a review.',
    })
  }
  const document = decodeImage(input.document)
  const selfie = decodeImage(input.selfie)
  const folder = `identity/${caller.userId}/${randomUUID()}`
  const documentKey = `${folder}/document`
  const selfieKey = `${folder}/selfie`
  await ctx.storage.put(documentKey, document.body, document.contentType)
  await ctx.storage.put(selfieKey, selfie.body, selfie.contentType)
  const [row] = await ctx.db
    .insert(identityChecks)
    .values({
      userId: caller.userId,
      legalName: input.legalName,
      dateOfBirth: input.dateOfBirth,
      country: input.country,
      documentKey,
      documentContentType: document.contentType,
      selfieKey,
      selfieContentType: selfie.contentType,
      submittedAt: ctx.clock.now(),
    })
    .returning()
  return toIdentityDto(row)
}

export async function getIdentityCheck(ctx: AppContext, caller: Caller): Promise<IdentityCheck> {
  const [row] = await ctx.db
    .select()
    .from(identityChecks)
    .where(eq(identityChecks.userId, caller.userId))
    .orderBy(desc(identityChecks.submittedAt))
    .limit(1)
  return toIdentityDto(row)
}

/** Admin: the checks waiting for a review (oldest first), or every check. */
export async function listIdentityChecks(
  ctx: AppContext,
  caller: Caller,
  options: { status: 'pending' | 'all' },
) {
  assertAdminRead(caller)
  const rows = await ctx.db
    .select({ check: identityChecks, email: users.email })
    .from(identityChecks)
    .innerJoin(users, eq(users.id, identityChecks.userId))
    .where(options.status === 'pending' ? eq(identityChecks.status, 'pending') : undefined)
    .orderBy(identityChecks.submittedAt)
    .limit(200)
  return rows.map(({ check, email }) => ({
    ...toIdentityDto(check),
    id: check.id,
    userId: check.userId,
    email,
    documentUrl: `/api/admin/identity-checks/${check.id}/files/document`,
    selfieUrl: `/api/admin/identity-checks/${check.id}/files/selfie`,
  }))
}

/** Admin: approve or reject, with a reason; a check is decided once (audited with the reason). */
export async function reviewIdentityCheck(
  ctx: AppContext,
  caller: Caller,
  checkId: string,
  decision: ReviewDecision,
): Promise<IdentityCheck> {
  assertAdmin(caller)
  const isApproved = decision.decision === 'approve'
  const [row] = await ctx.db
    .update(identityChecks)
    .set({
      status: isApproved ? 'approved' : 'rejected',
      rejectionReason: isApproved ? null : decision.reason,
      reviewedAt: ctx.clock.now(),
      reviewerId: caller.userId,
    })
    .where(and(eq(identityChecks.id, checkId), eq(identityChecks.status, 'pending')))
    .returning()
  if (!row) {
    const [existing] = await ctx.db
      .select({ id: identityChecks.id })
      .from(identityChecks)
      .where(eq(identityChecks.id, checkId))
    if (!existing) throw new AppError('NOT_FOUND')
    throw new AppError('PAYOUT_CONFLICT', { message: payoutMessages.alreadyDecided })
  }
  if (isApproved) {
    // requests made while the check waited now wait for the payout review
    const moved = await ctx.db
      .update(payouts)
      .set({ status: 'under_review', updatedAt: ctx.clock.now() })
      .where(and(eq(payouts.userId, row.userId), eq(payouts.status, 'requested')))
      .returning({ id: payouts.id })
    for (const payout of moved) {
      await recordPayoutEvent(ctx, ctx.db, payout.id, 'under_review', {
        cause: 'Identity check approved: the request waits for its review',
      })
    }
  }
  await recordAudit(ctx, {
    actor: caller,
    action: isApproved ? 'identity.approve' : 'identity.reject',
    targetType: 'user',
    targetId: row.userId,
    reason: decision.reason,
    details: { identityCheckId: row.id },
  })
  return toIdentityDto(row)
}

/** Admin only: an identity document's bytes (never a public address). */
export async function getIdentityFile(
  ctx: AppContext,
  caller: Caller,
  checkId: string,
  file: 'document' | 'selfie',
): Promise<{ body: Buffer; contentType: string }> {
  assertAdminRead(caller)
  const [row] = await ctx.db.select().from(identityChecks).where(eq(identityChecks.id, checkId))
  if (!row) throw new AppError('NOT_FOUND')
  const isDocument = file === 'document'
  const stored = await ctx.storage.get(isDocument ? row.documentKey : row.selfieKey)
  if (!stored) throw new AppError('NOT_FOUND')
  return {
    body: stored.body,
    contentType: isDocument ? row.documentContentType : row.selfieContentType,
  }
}
