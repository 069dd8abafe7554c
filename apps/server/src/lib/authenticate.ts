import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import { findUserById } from '../modules/users/find-user'
import { verifyAccessToken, type Caller } from './access-token'
import { AppError } from './errors'

export type { Caller } from './access-token'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook: who is calling, from the bearer token only. */
    caller: Caller | null
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const [scheme, token] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token : null
}

/** preHandler: refuses the request with 401 unless it carries a valid access token. */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request)
    if (!token) throw new AppError('UNAUTHENTICATED')
    request.caller = await verifyAccessToken(ctx, token)
  }
}

/**
 * preHandler for admin-only routes: 401 without a valid token, 403 unless the user is an admin
 * now. The role is read from the database, not the token, so a revoked admin loses access at
 * once (decisions.md, Roles).
 */
export function requireAdmin(ctx: AppContext) {
  const authenticateRequest = authenticate(ctx)
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticateRequest(request, reply)
    const user = await findUserById(ctx.db, request.caller!.userId)
    if (!user || user.status !== 'active' || user.role !== 'admin') {
      throw new AppError('ADMIN_ONLY')
    }
  }
}

/** The caller set by `authenticate`; for handlers behind it. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHENTICATED')
  return request.caller
}
