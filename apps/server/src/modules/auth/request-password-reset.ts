import { z } from 'zod'
import type { AppContext } from '../../context'
import { passwordResetTokens } from '../../db/schema'
import { addSeconds } from '../../lib/clock'
import { hashToken, randomToken } from '../../lib/crypto'
import { consumeAttempt } from './rate-limit'
import { defineJob } from '../../jobs/job-runner'
import { findUserByEmail } from '../users/find-user'
import { PASSWORD_RESET_TTL_MINUTES, passwordResetEmail } from './auth-emails'

/**
 * Creates a reset token and emails its link. Runs as a job: the request answers at once and
 * identically whether the email exists or not, and the raw token never touches the database
 * (if sending fails the retry issues a fresh token; the unsent one is useless to anyone).
 */
export const sendPasswordResetJob = defineJob({
  name: 'auth.send-password-reset',
  schema: z.object({ email: z.string() }),
  retryLimit: 5,
  async handle(ctx, { email }) {
    const user = await findUserByEmail(ctx.db, email)
    if (!user || user.status !== 'active') return
    const token = randomToken()
    const now = ctx.clock.now()
    await ctx.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: addSeconds(now, PASSWORD_RESET_TTL_MINUTES * 60),
    })
    const resetUrl = `${ctx.env.APP_URL}/reset-password?token=${encodeURIComponent(token)}`
    await ctx.mailer.send(passwordResetEmail(user.email, { resetUrl }))
  },
})

export async function requestPasswordReset(ctx: AppContext, email: string, ip: string) {
  await consumeAttempt(ctx, 'forgot-password', { ip, email })
  await ctx.jobs.enqueue(sendPasswordResetJob, { email })
}
