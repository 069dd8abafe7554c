import type { User } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { findUserById } from '../users/find-user'
import { toUser } from '../users/user-dto'

export async function getCurrentUser(ctx: AppContext, caller: Caller): Promise<User> {
  const user = await findUserById(ctx.db, caller.userId)
  if (!user) throw new AppError('UNAUTHENTICATED')
  if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED')
  return toUser(user)
}
