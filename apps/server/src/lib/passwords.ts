import { hash, verify } from '@node-rs/argon2'

// argon2id with the OWASP-recommended minimum cost (19 MiB, 2 passes, 1 lane).
// (The library's Algorithm is a const enum, unusable under verbatimModuleSyntax: 2 = Argon2id.)
const ARGON2ID = 2
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    // a malformed stored hash is a wrong password, not a server error
    return false
  }
}

let dummyHash: Promise<string> | undefined
/**
 * Spends the time of one verification when there is no account (or no password) to check, so
 * the answer time does not reveal whether an email is registered.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('there-is-no-account-with-this-email')
  await verifyPassword(await dummyHash, password)
  return false
}
