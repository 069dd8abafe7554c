import type { AppContext } from '../../context'
import type { UserRow } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { findUserByEmail, readUserById } from './find-user'

/**
 * Whom a request acts on. Identity comes from the bearer token only; an `email` in the body
 * (kept for compatibility with spec 7) must be the caller's own, except that an admin may name
 * any user (decisions.md, Roles).
 */
export async function resolveTargetUser(
  ctx: AppContext,
  caller: Caller,
  bodyEmail: string | undefined,
): Promise<{ caller: UserRow; target: UserRow; isCallerAdmin: boolean }> {
  const callerRow = await readUserById(ctx.db, caller.userId)
  if (!callerRow || callerRow.status !== 'active') throw new AppError('UNAUTHENTICATED')
  const isCallerAdmin = callerRow.role === 'admin'
  if (!bodyEmail || bodyEmail === callerRow.email) {
    return { caller: callerRow, target: callerRow, isCallerAdmin }
  }
  if (!isCallerAdmin) throw new AppError('EMAIL_MISMATCH')
  const target = await findUserByEmail(ctx.db, bodyEmail)
  if (!target) throw new AppError('NOT_FOUND')
  return { caller: callerRow, target, isCallerAdmin }
}
