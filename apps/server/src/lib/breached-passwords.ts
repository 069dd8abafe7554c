import { messages, PASSWORD_MIN_LENGTH } from '@tp/api'
import { AppError } from './errors'

// The breached-password half of the password rule (docs/decisions/0020-breached-passwords.md):
// the structural half (length, not blank) is the shared zod schema of @tp/api, run by the web
// forms and the server alike; this list is too large for the browser bundle, so the server
// checks it here, for sign-up, reset and profile password change, with the message of @tp/api.
//
// The list: @zxcvbn-ts/language-common's "passwords-common" dictionary (MIT), the most common
// passwords of public breach corpora, ranked, ~49,000 entries, all lower-case. Only those long
// enough to pass the structural rule matter here (~18,000). Loaded on first use.

let breached: Promise<ReadonlySet<string>> | undefined

function breachedPasswords(): Promise<ReadonlySet<string>> {
  breached ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    return new Set(
      dictionary['passwords-common'].filter((entry) => [...entry].length >= PASSWORD_MIN_LENGTH),
    )
  })
  return breached
}

/** Whether the password (compared case-insensitively) is on the list of breached passwords. */
export async function isBreachedPassword(password: string): Promise<boolean> {
  return (await breachedPasswords()).has(password.toLowerCase())
}

/** Refuses a new password found in the breached list: 422, with the field it came in. */
export async function assertPasswordNotBreached(password: string, field: string): Promise<void> {
  if (!(await isBreachedPassword(password))) return
  throw new AppError('VALIDATION_FAILED', {
    message: messages.validation.passwordBreached,
    details: [{ path: field, message: messages.validation.passwordBreached }],
  })
}
