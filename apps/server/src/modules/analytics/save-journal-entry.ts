import { and, eq } from 'drizzle-orm'
import type { JournalEntryDto, SaveJournalEntryResponse } from '@tp/api'
import type { AppContext } from '../../context'
import { tradeJournalEntries, type TradeJournalEntryRow } from '../../db/schema'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'

/**
 * PUT /api/metaStats/journal: the owner's note and tags on one trade of their account (an admin
 * reads journals but writes none). A note left empty with no tags removes the entry.
 */
export async function saveJournalEntry(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; tradeId: string; note: string; tags: string[] },
): Promise<SaveJournalEntryResponse> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'trade')
  const key = and(
    eq(tradeJournalEntries.accountId, row.id),
    eq(tradeJournalEntries.tradeId, input.tradeId),
  )
  if (input.note === '' && input.tags.length === 0) {
    await ctx.db.delete(tradeJournalEntries).where(key)
    return { data: { entry: null } }
  }
  const values = { note: input.note, tags: input.tags, updatedAt: ctx.clock.now() }
  const [saved] = await ctx.db
    .insert(tradeJournalEntries)
    .values({ accountId: row.id, tradeId: input.tradeId, ...values })
    .onConflictDoUpdate({
      target: [tradeJournalEntries.accountId, tradeJournalEntries.tradeId],
      set: values,
    })
    .returning()
  return { data: { entry: toJournalEntry(saved!) } }
}

export function toJournalEntry(row: TradeJournalEntryRow): JournalEntryDto {
  return {
    tradeId: row.tradeId,
    note: row.note,
    tags: row.tags,
    updatedAt: row.updatedAt.toISOString(),
  }
}
