import { eq } from 'drizzle-orm'
import { messages, type Session } from '@tp/api'
import type { AppContext } from '../../context'
import { billingProfiles, orders, profiles, users, type UserRow } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { consumeAttempt } from './rate-limit'
import { GoogleTokenRejected, type GoogleProfile } from '../../integrations/google/google-identity'
import { endUserSessions } from '../access/sessions'
import { findUserByEmail } from '../users/find-user'
import { isAdminEmail } from '../users/is-admin-email'
import { applyAdminList } from './login-user'
import { startSession } from './start-session'

/**
 * Links a Google account to the existing account of its email. A password sign-up never proved
 * the email, so whoever registered it may not own it: when the email is not verified, Google's
 * word makes the Google user the owner, and the password (perhaps a squatter's) is removed and
 * every refresh token revoked. The owner can set a password with forgot-password. An account
 * whose email was already proven keeps its password (docs/decisions/0007).
 */
async function linkGoogle(ctx: AppContext, user: UserRow, google: GoogleProfile): Promise<UserRow> {
  const now = ctx.clock.now()
  const isTakingOver = !user.emailVerified
  const linked = await ctx.db.transaction(async (tx) => {
    const [linked] = await tx
      .update(users)
      .set({
        googleSub: google.sub,
        emailVerified: true,
        // a squatter's name and picture are not the owner's
        name: isTakingOver ? google.name : (user.name ?? google.name),
        picture: isTakingOver ? google.picture : (user.picture ?? google.picture),
        updatedAt: now,
        ...(isTakingOver ? { passwordHash: null } : {}),
      })
      .where(eq(users.id, user.id))
      .returning()
    if (isTakingOver) {
      // a billing profile locks once saved: one saved by a squatter would bind the owner to a
      // stranger's name and address, so it goes unless an order was placed with it (then it is
      // that order's record and an admin, who may edit it, decides)
      const [anyOrder] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.userId, user.id))
        .limit(1)
      if (!anyOrder) await tx.delete(billingProfiles).where(eq(billingProfiles.userId, user.id))
      ctx.logger.info({ userId: user.id }, 'Google proved an unverified email: password removed')
    }
    return linked!
  })
  // whoever registered the address is out, at once (their sessions end, sockets close)
  if (isTakingOver) await endUserSessions(ctx, user.id, 'account-taken-over')
  return linked
}

async function findOrCreateUser(ctx: AppContext, google: GoogleProfile): Promise<UserRow> {
  const [bySub] = await ctx.db.select().from(users).where(eq(users.googleSub, google.sub)).limit(1)
  if (bySub) return bySub

  // Google vouched for the email (verified is required by the verifier), so an account with
  // that email is the same person: link it rather than create a second one
  const byEmail = await findUserByEmail(ctx.db, google.email)
  if (byEmail) return linkGoogle(ctx, byEmail, google)

  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: google.email,
        googleSub: google.sub,
        emailVerified: true,
        name: google.name,
        picture: google.picture,
        role: isAdminEmail(ctx.env, google.email) ? 'admin' : 'trader',
      })
      .returning()
    await tx.insert(profiles).values({ userId: created!.id })
    return created!
  })
}

export async function loginWithGoogle(
  ctx: AppContext,
  accessToken: string,
  ip: string,
): Promise<Session> {
  await consumeAttempt(ctx, 'google', { ip })
  const unavailable = { message: messages.auth.googleUnavailable }
  if (!ctx.google.isEnabled) throw new AppError('SERVICE_UNAVAILABLE', unavailable)
  let google: GoogleProfile
  try {
    google = await ctx.google.verifyAccessToken(accessToken)
  } catch (error) {
    if (error instanceof GoogleTokenRejected) {
      ctx.logger.info({ reason: error.reason }, 'Google sign-in refused')
      throw new AppError('GOOGLE_AUTH_FAILED', { cause: error })
    }
    // Google unreachable or answering nonsense: not the user's fault, and worth an alert
    ctx.logger.error({ err: error }, 'Google token verification failed')
    throw new AppError('SERVICE_UNAVAILABLE', { ...unavailable, cause: error })
  }
  const user = await findOrCreateUser(ctx, google)
  if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED')
  return startSession(ctx, await applyAdminList(ctx, user))
}
