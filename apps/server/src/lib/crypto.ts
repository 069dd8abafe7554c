import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A URL-safe random secret (256 bits by default) for tokens sent to users. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** A random name for something stored (hex: safe in paths and URLs without escaping). */
export function randomName(bytes = 12): string {
  return randomBytes(bytes).toString('hex')
}

/**
 * Tokens are stored as SHA-256 digests: they are long random values, so a fast digest is
 * enough, and a leaked table cannot be replayed.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
