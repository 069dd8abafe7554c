import type { Role } from '@tp/api'
import { eq, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context'
import { preparedPerDatabase } from '../../db/prepared'
import { sessions, users } from '../../db/schema'
import { verifyAccessToken } from '../../lib/access-token'
import { AppError } from '../../lib/errors'
import { assertCapability, capabilityOfRequest } from './capabilities'

/**
 * Who is calling, as the database says now: the user named by a valid access token whose session
 * is still open, with the role stored on the user (never the token's claim), so a demoted admin
 * or an ended session loses access with the next request.
 */
export type Caller = { userId: string; role: Role; sessionId: string; tokenExpiresAtMs: number }

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook: who is calling, from the bearer token only. */
    caller: Caller | null
  }
}

/** The session and its user's role and status now: one primary-key join. */
const sessionWithUser = preparedPerDatabase((db) =>
  db
    .select({
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      role: users.role,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('tp_session_with_user'),
)

/**
 * Verifies an access token and reads its session and user: the one way a caller is known. The
 * read is served by the caller cache while it holds the session (decision 0024: any change of
 * the session or the user's role or status drops it first).
 */
export async function resolveCaller(ctx: AppContext, token: string): Promise<Caller> {
  const claims = await verifyAccessToken(ctx, token)
  const cached = ctx.callers.get(claims.sessionId)
  if (cached && cached.userId === claims.userId) {
    return {
      userId: claims.userId,
      role: cached.role,
      sessionId: claims.sessionId,
      tokenExpiresAtMs: claims.expiresAtMs,
    }
  }
  const readGeneration = ctx.callers.beginRead()
  const [row] = await sessionWithUser(ctx.db).execute({ sessionId: claims.sessionId })
  if (!row || row.revokedAt !== null || row.userId !== claims.userId) {
    throw new AppError('TOKEN_EXPIRED')
  }
  if (row.status !== 'active') throw new AppError('ACCOUNT_DISABLED')
  ctx.callers.store(claims.sessionId, { userId: row.userId, role: row.role }, readGeneration)
  return {
    userId: claims.userId,
    role: row.role,
    sessionId: claims.sessionId,
    tokenExpiresAtMs: claims.expiresAtMs,
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const [scheme, token] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token : null
}

/** Hook: refuses the request with 401 unless it carries a valid token of an open session. */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request)
    if (!token) throw new AppError('UNAUTHENTICATED')
    request.caller = await resolveCaller(ctx, token)
  }
}

/** The caller when the request carries a valid token of an open session, else null. */
export async function optionalCaller(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<Caller | null> {
  const token = bearerToken(request)
  if (!token) return null
  return resolveCaller(ctx, token).catch(() => null)
}

/**
 * Hook for admin routes: 401 without a valid session, 403 unless the caller's role (in the
 * database now) has the capability the request needs: admin:read for a read (GET, HEAD), else
 * admin:write (capabilities.ts, decision 0036). A support user reads, an admin reads and acts.
 */
export function requireAdmin(ctx: AppContext) {
  const authenticateRequest = authenticate(ctx)
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticateRequest(request, reply)
    assertCapability(request.caller!, capabilityOfRequest(request))
  }
}

/** An admin action (admin:write): 403 to a trader, and to a support user (read-only). */
export function assertAdmin(caller: Caller): void {
  assertCapability(caller, 'admin:write')
}

/** An admin read (admin:read): an admin or a support user. */
export function assertAdminRead(caller: Caller): void {
  assertCapability(caller, 'admin:read')
}

/** The caller set by `authenticate`; for handlers behind it. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHENTICATED')
  return request.caller
}
