import { messages, type AdminUserActionResponse } from '@tp/api'
import { and, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { users } from '../../db/schema'
import { sendEmailJob } from '../../jobs/send-email'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { recordAudit } from '../access/access-policy'
import { endUserSessions } from '../access/sessions'
import { findAdminUserRow } from './list-users'
import { stopUserTrading } from './set-user-trading'
import { userDisabledEmail } from './user-emails'

/**
 * An admin disables a user, with a reason: the status changes (sign-in refused from now on; the
 * database's access notice drops the caller caches of every instance), every session ends at
 * once (sockets closed), the user's accounts stop trading, the action is audited and the user is
 * emailed the reason. Disabling a disabled user changes nothing.
 */
export async function disableUser(
  ctx: AppContext,
  caller: Caller,
  userId: string,
  reason: string,
): Promise<AdminUserActionResponse> {
  if (userId === caller.userId) {
    throw new AppError('FORBIDDEN', { message: messages.admin.notYourself })
  }
  const [changed] = await ctx.db
    .update(users)
    .set({ status: 'disabled', updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .returning({ email: users.email })
  if (!changed) return answerUnchanged(ctx, userId)
  const endedSessions = await endUserSessions(ctx, userId, 'user-disabled')
  const { accountIds, platformFailures } = await stopUserTrading(ctx, userId)
  await recordAudit(ctx, {
    actor: caller,
    action: 'user.disable',
    targetType: 'user',
    targetId: userId,
    reason,
    details: {
      email: changed.email,
      endedSessions,
      accountIds,
      ...(platformFailures.length > 0 ? { platformFailures } : {}),
    },
  })
  await ctx.jobs.enqueue(
    sendEmailJob,
    userDisabledEmail(changed.email, { reason, appUrl: ctx.env.APP_URL }),
  )
  ctx.logger.info({ userId, actorUserId: caller.userId }, 'user disabled by an admin')
  return { user: (await findAdminUserRow(ctx.db, userId))!, endedSessions, accountIds }
}

export async function answerUnchanged(
  ctx: AppContext,
  userId: string,
): Promise<AdminUserActionResponse> {
  const user = await findAdminUserRow(ctx.db, userId)
  if (!user) throw new AppError('NOT_FOUND', { message: 'No such user.' })
  return { user, endedSessions: 0, accountIds: [] }
}
