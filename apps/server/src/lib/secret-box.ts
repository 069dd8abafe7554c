import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

// Secrets the app must show again later (trading-account passwords, which their owner reads on the
// dashboard) are kept encrypted with AES-256-GCM: a leaked table reveals nothing without the key.
// Format: v1.<iv>.<tag>.<ciphertext>, base64url parts.

export interface SecretBox {
  seal(plaintext: string): string
  open(sealed: string): string
}

/** The 32-byte key: CREDENTIALS_KEY (base64 or hex) or, failing that, derived from JWT_SECRET. */
export function credentialsKey(env: {
  CREDENTIALS_KEY?: string | undefined
  JWT_SECRET: string
}): Buffer {
  if (env.CREDENTIALS_KEY) {
    const key = /^[0-9a-f]{64}$/i.test(env.CREDENTIALS_KEY)
      ? Buffer.from(env.CREDENTIALS_KEY, 'hex')
      : Buffer.from(env.CREDENTIALS_KEY, 'base64')
    if (key.length !== 32)
      throw new Error('CREDENTIALS_KEY must be 32 bytes (64 hex or 44 base64 characters)')
    return key
  }
  return Buffer.from(hkdfSync('sha256', env.JWT_SECRET, 'tradepeak', 'trading-credentials', 32))
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret box needs a 32-byte key')
  return {
    seal(plaintext) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}
