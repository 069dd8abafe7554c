import { errors, jwtVerify, SignJWT } from 'jose'
import { roleSchema, type Role } from '@tp/api'
import { z } from 'zod'
import type { AppContext } from '../context'
import { AppError } from './errors'

// Access tokens: short-lived JWTs (HS256) naming the user, their role and their session (the
// refresh-token family), checked on every request without a database read. Times come from the
// app clock so tests can let them expire without waiting (docs/decisions/0007-auth-tokens.md).

const ISSUER = 'tradepeak'
const AUDIENCE = 'tradepeak-api'

export type Caller = { userId: string; role: Role; sessionId: string }

const claimsSchema = z.object({ sub: z.uuid(), role: roleSchema, sid: z.uuid() })

const keyCache = new WeakMap<AppContext['env'], Uint8Array>()
function signingKey(ctx: AppContext): Uint8Array {
  let key = keyCache.get(ctx.env)
  if (!key) {
    key = new TextEncoder().encode(ctx.env.JWT_SECRET)
    keyCache.set(ctx.env, key)
  }
  return key
}

export async function signAccessToken(ctx: AppContext, caller: Caller): Promise<string> {
  const issuedAt = Math.floor(ctx.clock.now().getTime() / 1000)
  return new SignJWT({ role: caller.role, sid: caller.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(caller.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ctx.env.ACCESS_TOKEN_TTL_SECONDS)
    .sign(signingKey(ctx))
}

export async function verifyAccessToken(ctx: AppContext, token: string): Promise<Caller> {
  try {
    const { payload } = await jwtVerify(token, signingKey(ctx), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: ctx.clock.now(),
    })
    const claims = claimsSchema.parse(payload)
    return { userId: claims.sub, role: claims.role, sessionId: claims.sid }
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED')
    throw new AppError('UNAUTHENTICATED', { message: 'Invalid access token.', cause: error })
  }
}
