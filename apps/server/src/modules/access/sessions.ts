import { and, eq, inArray, isNull, ne } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Executor } from '../../db/client'
import { refreshTokens, sessions } from '../../db/schema'

// Sessions end here and nowhere else: the session row (what every request checks), its refresh
// tokens (so it cannot be renewed) and whatever holds it open in this process (its WebSockets).

export type SessionEndReason =
  | 'sign-out'
  | 'refresh-token-reuse'
  | 'password-changed'
  | 'password-reset'
  | 'user-disabled'
  | 'account-taken-over'

export async function createSession(
  db: Executor,
  session: { id: string; userId: string; createdAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session).onConflictDoNothing()
}

/** Ends one session; answers whether it was still open. */
export async function endSession(
  ctx: AppContext,
  sessionId: string,
  reason: SessionEndReason,
): Promise<boolean> {
  const now = ctx.clock.now()
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  // at once in this process, whatever the notices do (decision 0024)
  ctx.callers.forgetSession(sessionId)
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
  ctx.sessionEvents.emitEnded(sessionId)
  return ended.length > 0
}

/** Ends every open session of a user, except `keepSessionId` (the one that asked, if any). */
export async function endUserSessions(
  ctx: AppContext,
  userId: string,
  reason: SessionEndReason,
  keepSessionId?: string,
): Promise<number> {
  const now = ctx.clock.now()
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(keepSessionId ? [ne(sessions.id, keepSessionId)] : []),
      ),
    )
    .returning({ id: sessions.id })
  const ids = ended.map((row) => row.id)
  for (const id of ids) ctx.callers.forgetSession(id)
  if (ids.length > 0) {
    await ctx.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(inArray(refreshTokens.familyId, ids), isNull(refreshTokens.revokedAt)))
  }
  // refresh tokens of sessions older than the sessions table end too
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        ...(keepSessionId ? [ne(refreshTokens.familyId, keepSessionId)] : []),
      ),
    )
  for (const id of ids) ctx.sessionEvents.emitEnded(id)
  return ids.length
}
