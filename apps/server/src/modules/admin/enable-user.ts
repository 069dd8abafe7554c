import type { AdminUserActionResponse } from '@tp/api'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { auditLog, users } from '../../db/schema'
import { sendEmailJob } from '../../jobs/send-email'
import type { Caller } from '../access/authenticate'
import { recordAudit } from '../access/access-policy'
import { answerUnchanged } from './disable-user'
import { findAdminUserRow } from './list-users'
import { restartUserTrading } from './set-user-trading'
import { userEnabledEmail } from './user-emails'

/**
 * An admin enables a disabled user again, with a reason: sign-in works again, trading comes back
 * on the accounts the disable turned off (those still active), audited, the user emailed.
 */
export async function enableUser(
  ctx: AppContext,
  caller: Caller,
  userId: string,
  reason: string,
): Promise<AdminUserActionResponse> {
  const [changed] = await ctx.db
    .update(users)
    .set({ status: 'active', updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.status, 'disabled')))
    .returning({ email: users.email })
  if (!changed) return answerUnchanged(ctx, userId)
  const [disabled] = await ctx.db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'user'),
        eq(auditLog.targetId, userId),
        eq(auditLog.action, 'user.disable'),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1)
  const stopped = disabled?.details?.accountIds
  const { accountIds, platformFailures } = await restartUserTrading(
    ctx,
    Array.isArray(stopped) ? stopped.filter((id): id is string => typeof id === 'string') : [],
  )
  await recordAudit(ctx, {
    actor: caller,
    action: 'user.enable',
    targetType: 'user',
    targetId: userId,
    reason,
    details: {
      email: changed.email,
      accountIds,
      ...(platformFailures.length > 0 ? { platformFailures } : {}),
    },
  })
  await ctx.jobs.enqueue(
    sendEmailJob,
    userEnabledEmail(changed.email, { reason, appUrl: ctx.env.APP_URL }),
  )
  return { user: (await findAdminUserRow(ctx.db, userId))!, endedSessions: 0, accountIds }
}
