import { HONEYPOT_FIELD, type AntiBotFields } from '@tp/api'
import type { AppContext } from '../../context'
import { consumeAttempt } from '../auth/rate-limit'
import { assertFormFilledByPerson } from './form-start-token'

export type PublicForm = 'contact' | 'become-partner' | 'newsletter'

/**
 * The gate of every public form (decision 0026), in order: the rate limits (every attempt, per IP
 * and per email: 429), the form-start token (422 when missing, forged, expired or too fresh), and
 * the honeypot. Resolves to false when the honeypot is filled: the caller answers as if all went
 * well and stores and sends nothing, so a bot learns nothing.
 */
export async function checkPublicForm(
  ctx: AppContext,
  form: PublicForm,
  input: AntiBotFields & { email: string },
  ip: string,
): Promise<boolean> {
  await consumeAttempt(ctx, form, { ip, email: input.email })
  assertFormFilledByPerson(ctx, input.formToken)
  const honeypot = input[HONEYPOT_FIELD]
  if (honeypot !== undefined && honeypot.trim() !== '') {
    ctx.logger.info({ form, ip }, 'public form: honeypot filled, dropped')
    return false
  }
  return true
}
