import type { NewsViolation } from '@tp/api/calendar'
import { describeNewsDistance } from '@tp/domain/calendar'
import { desc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { newsViolations, type NewsViolationRow } from '../../db/schema'
import { loadAccountFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'

export function toNewsViolation(row: NewsViolationRow): NewsViolation {
  return {
    id: row.id,
    accountId: row.accountId,
    kind: row.kind,
    tradeTime: row.tradeTime.toISOString(),
    positionId: row.positionId,
    symbol: row.symbol,
    side: row.side,
    volume: row.volume,
    eventId: row.eventId,
    eventTime: row.eventTime.toISOString(),
    eventCurrency: row.eventCurrency,
    eventTitle: row.eventTitle,
    signedDistanceMs: row.signedDistanceMs,
    distance: describeNewsDistance(row.signedDistanceMs),
    blackoutMinutes: row.blackoutMinutes,
    createdAt: row.createdAt.toISOString(),
  }
}

/** An account's news-rule violations, newest first: the owner's and the admins' read. */
export async function listNewsViolations(
  ctx: AppContext,
  caller: Caller,
  accountId: string,
): Promise<NewsViolation[]> {
  const account = await loadAccountFor(ctx, caller, accountId, 'read')
  const rows = await ctx.db
    .select()
    .from(newsViolations)
    .where(eq(newsViolations.accountId, account.id))
    .orderBy(desc(newsViolations.tradeTime))
    .limit(500)
  return rows.map(toNewsViolation)
}
