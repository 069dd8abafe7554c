import type { AppContext } from '../../context'

// Payouts pending and paid (the funded-traders issue keeps them): null until that module's table
// exists in this database.

export type PayoutTotals = {
  pendingCount: number
  pendingCents: number
  paidCount: number
  paidCents: number
}

export async function readPayoutTotals(_ctx: AppContext): Promise<PayoutTotals | null> {
  return null
}

export type UserPayout = { id: string; status: string; amountCents: number; createdAt: string }

export async function readUserPayouts(
  _ctx: AppContext,
  _userId: string,
): Promise<UserPayout[] | null> {
  return null
}
