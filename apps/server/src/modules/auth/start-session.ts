import { randomUUID } from 'node:crypto'
import type { Session } from '@tp/api'
import type { AppContext } from '../../context'
import type { Executor } from '../../db/client'
import { refreshTokens, type UserRow } from '../../db/schema'
import { signAccessToken } from '../../lib/access-token'
import { addSeconds } from '../../lib/clock'
import { hashToken, randomToken } from '../../lib/crypto'
import { toUser } from '../users/user-dto'
import { createSession } from '../access/sessions'

/**
 * Issues an access token and a refresh token. A sign-in starts a new family (a session); a
 * refresh continues its family, which is what lets reuse of a spent token end the session.
 */
export async function issueTokens(
  ctx: AppContext,
  db: Executor,
  user: UserRow,
  familyId: string = randomUUID(),
): Promise<{ token: string; refreshToken: string }> {
  const refreshToken = randomToken()
  const now = ctx.clock.now()
  await createSession(db, { id: familyId, userId: user.id, createdAt: now })
  await db.insert(refreshTokens).values({
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    createdAt: now,
    expiresAt: addSeconds(now, ctx.env.REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60),
  })
  const token = await signAccessToken(ctx, {
    userId: user.id,
    role: user.role,
    sessionId: familyId,
  })
  return { token, refreshToken }
}

export async function startSession(ctx: AppContext, user: UserRow): Promise<Session> {
  const tokens = await issueTokens(ctx, ctx.db, user)
  return { ...tokens, user: toUser(user) }
}
