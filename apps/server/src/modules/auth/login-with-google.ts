import { eq } from 'drizzle-orm'
import { messages, type Session } from '@tp/api'
import type { AppContext } from '../../context'
import { profiles, users, type UserRow } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { consumeAttempt } from '../../lib/rate-limit'
import { GoogleTokenRejected, type GoogleProfile } from '../../integrations/google/google-identity'
import { findUserByEmail } from '../users/find-user'
import { isAdminEmail } from '../users/is-admin-email'
import { applyAdminList } from './login-user'
import { startSession } from './start-session'

async function findOrCreateUser(ctx: AppContext, google: GoogleProfile): Promise<UserRow> {
  const [bySub] = await ctx.db.select().from(users).where(eq(users.googleSub, google.sub)).limit(1)
  if (bySub) return bySub

  // Google vouched for the email (verified is required by the verifier), so an account with
  // that email is the same person: link it rather than create a second one
  const byEmail = await findUserByEmail(ctx.db, google.email)
  if (byEmail) {
    const [linked] = await ctx.db
      .update(users)
      .set({
        googleSub: google.sub,
        emailVerified: true,
        name: byEmail.name ?? google.name,
        picture: byEmail.picture ?? google.picture,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(users.id, byEmail.id))
      .returning()
    return linked!
  }

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
