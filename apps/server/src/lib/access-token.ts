import { errors, jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import type { Env } from '../config/env'
import type { Clock } from './clock'
import { AppError } from './errors'

// Access tokens: short-lived JWTs (HS256) naming the user and their session (the refresh-token
// family). The signature and expiry are checked here; whether the session is still open and what
// the user may do now are read from the database by the access policy on every request
// (modules/access, docs/decisions/0007-auth-tokens.md and 0017-one-access-policy.md).

const ISSUER = 'tradepeak'
const AUDIENCE = 'tradepeak-api'

/** What a verified access token says: who, and in which session. Never what they may do. */
export type TokenClaims = { userId: string; sessionId: string; expiresAtMs: number }

const claimsSchema = z.object({ sub: z.uuid(), sid: z.uuid(), exp: z.number(), iat: z.number() })

/** What signing and checking need (an AppContext has both): the secret, the lifetime, the time. */
export type TokenContext = {
  env: Pick<Env, 'JWT_SECRET' | 'ACCESS_TOKEN_TTL_SECONDS'>
  clock: Clock
}

const keyCache = new WeakMap<TokenContext['env'], Uint8Array>()
function signingKey(ctx: TokenContext): Uint8Array {
  let key = keyCache.get(ctx.env)
  if (!key) {
    key = new TextEncoder().encode(ctx.env.JWT_SECRET)
    keyCache.set(ctx.env, key)
  }
  return key
}

export async function signAccessToken(
  ctx: TokenContext,
  claims: { userId: string; sessionId: string; role: string },
): Promise<string> {
  const issuedAt = Math.floor(ctx.clock.now().getTime() / 1000)
  // `role` is a hint for the browser's menus only; the server reads the role from the database
  return new SignJWT({ role: claims.role, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ctx.env.ACCESS_TOKEN_TTL_SECONDS)
    .sign(signingKey(ctx))
}

/**
 * Tokens whose signature and claims were checked, by secret: what a token says never changes, so
 * a token seen again (every request of a session carries the same one) skips the HMAC and the
 * claim parsing; its expiry is still compared with the clock on every use. Bounded: the oldest
 * entries go first.
 */
const verifiedTokens = new WeakMap<TokenContext['env'], Map<string, TokenClaims>>()
const MAX_VERIFIED_TOKENS = 10_000

function verifiedTokensOf(ctx: TokenContext): Map<string, TokenClaims> {
  let verified = verifiedTokens.get(ctx.env)
  if (!verified) {
    verified = new Map()
    verifiedTokens.set(ctx.env, verified)
  }
  return verified
}

/** jose's own rule: expired once `exp` (whole seconds) is at or before now's whole second. */
function isExpired(claims: TokenClaims, nowMs: number): boolean {
  return claims.expiresAtMs / 1000 <= Math.floor(nowMs / 1000)
}

/** Checks signature, issuer, audience and expiry; a token without `exp` is refused. */
export async function verifyAccessToken(ctx: TokenContext, token: string): Promise<TokenClaims> {
  const verified = verifiedTokensOf(ctx)
  const known = verified.get(token)
  if (known) {
    if (isExpired(known, ctx.clock.now().getTime())) {
      verified.delete(token)
      throw new AppError('TOKEN_EXPIRED')
    }
    return known
  }
  try {
    const { payload } = await jwtVerify(token, signingKey(ctx), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: ctx.clock.now(),
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
    })
    const parsed = claimsSchema.parse(payload)
    const claims = { userId: parsed.sub, sessionId: parsed.sid, expiresAtMs: parsed.exp * 1000 }
    // a not-before claim would make validity depend on the time in both directions: not kept
    if (payload.nbf === undefined) {
      if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!)
      verified.set(token, claims)
    }
    return claims
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED')
    throw new AppError('UNAUTHENTICATED', { message: 'Invalid access token.', cause: error })
  }
}
