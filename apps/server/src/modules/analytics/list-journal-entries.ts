import { asc, eq } from 'drizzle-orm'
import type { JournalListResponse } from '@tp/api'
import type { AppContext } from '../../context'
import { tradeJournalEntries } from '../../db/schema'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { toJournalEntry } from './save-journal-entry'

/** POST /api/metaStats/journal: the account's trade journal (owner or admin). */
export async function listJournalEntries(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string },
): Promise<JournalListResponse> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'read')
  const entries = await ctx.db
    .select()
    .from(tradeJournalEntries)
    .where(eq(tradeJournalEntries.accountId, row.id))
    .orderBy(asc(tradeJournalEntries.tradeId))
  return { data: { accountId: row.id, entries: entries.map(toJournalEntry) } }
}
