import type { Credentials, Session } from '@tp/api'
import type { AppContext } from '../../context'
import { profiles, users } from '../../db/schema'
import { assertPasswordNotBreached } from '../../lib/breached-passwords'
import { AppError } from '../../lib/errors'
import { hashPassword } from '../../lib/passwords'
import { consumeAttempt } from './rate-limit'
import { sendEmailJob } from '../../jobs/send-email'
import { findUserByEmail } from '../users/find-user'
import { isAdminEmail } from '../users/is-admin-email'
import { welcomeEmail } from './auth-emails'
import { startSession } from './start-session'

export async function registerUser(
  ctx: AppContext,
  input: Credentials,
  ip: string,
): Promise<Session> {
  await consumeAttempt(ctx, 'register', { ip, email: input.email })
  await assertPasswordNotBreached(input.password, 'password')
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError('EMAIL_TAKEN')
  const passwordHash = await hashPassword(input.password)
  const user = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        role: isAdminEmail(ctx.env, input.email) ? 'admin' : 'trader',
      })
      // a concurrent registration of the same email loses here, not with a 500
      .onConflictDoNothing({ target: users.email })
      .returning()
    if (!created) throw new AppError('EMAIL_TAKEN')
    await tx.insert(profiles).values({ userId: created.id })
    return created
  })
  await ctx.jobs.enqueue(sendEmailJob, welcomeEmail(user.email, { appUrl: ctx.env.APP_URL }))
  return startSession(ctx, user)
}
