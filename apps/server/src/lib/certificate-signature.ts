import { createHmac, timingSafeEqual } from 'node:crypto'
import { canonicalCertificateText, type CertificateData } from '@tp/domain/certificates'
import { DEV_CERTIFICATE_KEY, type Env } from '../config/env'

// A certificate's public hash: HMAC-SHA256 of its canonical text under CERTIFICATE_KEY, hex.
// Whoever lacks the key cannot make a hash that matches some data, and data altered after
// signing no longer matches its hash.

export function certificateKeyOf(env: Pick<Env, 'CERTIFICATE_KEY'>): string {
  return env.CERTIFICATE_KEY ?? DEV_CERTIFICATE_KEY
}

export function signCertificate(key: string, data: CertificateData): string {
  return createHmac('sha256', key).update(canonicalCertificateText(data)).digest('hex')
}

/** True when `hash` is the signature of `data` under `key` (compared in constant time). */
export function isCertificateSignature(key: string, data: CertificateData, hash: string): boolean {
  const expected = Buffer.from(signCertificate(key, data), 'hex')
  const given = Buffer.from(hash, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
