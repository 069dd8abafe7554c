import { messages, type AdminUpdateUserInput, type AdminUserRow } from '@tp/api'
import { eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { users } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { recordAudit } from '../access/access-policy'
import { findUserById } from '../users/find-user'
import { findAdminUserRow } from './list-users'

/**
 * An admin edits a user's name, role or email-verified flag; audited with what changed (before
 * and after). A role change drops the user's cached callers through the database's access notice,
 * so a demoted admin is refused with the next request. An admin cannot change their own role.
 */
export async function updateUser(
  ctx: AppContext,
  caller: Caller,
  userId: string,
  input: AdminUpdateUserInput,
): Promise<AdminUserRow> {
  const before = await findUserById(ctx.db, userId)
  if (!before) throw new AppError('NOT_FOUND', { message: 'No such user.' })
  if (userId === caller.userId && input.role !== undefined && input.role !== before.role) {
    throw new AppError('FORBIDDEN', { message: messages.admin.notYourself })
  }
  const changes: Partial<Pick<typeof before, 'name' | 'role' | 'emailVerified'>> = {}
  if (input.name !== undefined && (input.name || null) !== before.name) {
    changes.name = input.name || null
  }
  if (input.role !== undefined && input.role !== before.role) changes.role = input.role
  if (input.emailVerified !== undefined && input.emailVerified !== before.emailVerified) {
    changes.emailVerified = input.emailVerified
  }
  if (Object.keys(changes).length > 0) {
    await ctx.db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
    const was = Object.fromEntries(
      Object.keys(changes).map((key) => [key, before[key as keyof typeof changes]]),
    )
    await recordAudit(ctx, {
      actor: caller,
      action: 'user.update',
      targetType: 'user',
      targetId: userId,
      reason: input.reason,
      details: { before: was, after: changes },
    })
    // this process forgets the user's cached role at once, whatever the notices do
    if (changes.role) ctx.callers.forgetUser(userId)
  }
  return (await findAdminUserRow(ctx.db, userId))!
}
