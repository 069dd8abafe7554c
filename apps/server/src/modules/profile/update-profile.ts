import { eq } from 'drizzle-orm'
import type { profileUpdateSchema } from '@tp/api'
import type { z } from 'zod'
import type { AppContext } from '../../context'
import { profiles, users } from '../../db/schema'
import { sendEmailJob } from '../../jobs/send-email'
import { endUserSessions } from '../access/sessions'
import { isoMinute, passwordChangedEmail } from '../auth/auth-emails'
import type { Caller } from '../access/authenticate'
import { assertPasswordNotBreached } from '../../lib/breached-passwords'
import { isUniqueViolation } from '../../lib/db-errors'
import { AppError } from '../../lib/errors'
import { hashPassword, verifyPassword } from '../../lib/passwords'
import { resolveTargetUser } from '../users/resolve-target-user'
import { toUser } from '../users/user-dto'
import { toPublicProfile } from './profile-dto'

type ProfileUpdate = z.output<typeof profileUpdateSchema>

/**
 * Saves the fields of the public profile that are given (an omitted one is left as it is, an
 * empty one is cleared) and, when asked, a new password, which needs the current one. A password
 * change ends the account's other sessions.
 */
export async function updateProfile(ctx: AppContext, caller: Caller, input: ProfileUpdate) {
  const { target } = await resolveTargetUser(ctx, caller, input.email)
  const now = ctx.clock.now()

  let passwordHash: string | undefined
  if (input.newPassword) {
    const isCurrentRight =
      !!target.passwordHash &&
      (await verifyPassword(target.passwordHash, input.currentPassword ?? ''))
    if (!isCurrentRight) {
      throw new AppError('CURRENT_PASSWORD_WRONG', {
        details: [{ path: 'currentPassword', message: 'Your current password is not correct.' }],
      })
    }
    await assertPasswordNotBreached(input.newPassword, 'newPassword')
    passwordHash = await hashPassword(input.newPassword)
  }

  const profile = {
    ...(input.userName !== undefined ? { userName: input.userName || null } : {}),
    ...(input.bio !== undefined ? { bio: input.bio } : {}),
    ...(input.publicRole !== undefined ? { publicRole: input.publicRole } : {}),
    ...(input.isOnLeaderboard !== undefined ? { isOnLeaderboard: input.isOnLeaderboard } : {}),
    updatedAt: now,
  }
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({
          ...(input.name !== undefined ? { name: input.name || null } : {}),
          updatedAt: now,
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, target.id))
        .returning()
      const [saved] = await tx
        .insert(profiles)
        .values({ userId: target.id, ...profile })
        .onConflictDoUpdate({ target: profiles.userId, set: profile })
        .returning()
      return { updatedProfile: toPublicProfile(user!, saved), user: toUser(user!) }
    })
    if (passwordHash) {
      // the session that changed it (the owner's, who proved the current password) stays open
      await endUserSessions(
        ctx,
        target.id,
        'password-changed',
        target.id === caller.userId ? caller.sessionId : undefined,
      )
      await ctx.jobs.enqueue(
        sendEmailJob,
        passwordChangedEmail(target.email, {
          appUrl: ctx.env.APP_URL,
          how: 'changed',
          atIso: isoMinute(now),
        }),
      )
    }
    return result
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_user_name_key')) throw new AppError('USERNAME_TAKEN')
    throw error
  }
}
