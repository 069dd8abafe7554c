import type { CalendarImportSummary, CalendarSource } from '@tp/api/calendar'
import { and, eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { economicEvents, type EconomicEventRow } from '../../db/schema'
import type {
  CalendarCandidate,
  ParsedCalendar,
} from '../../integrations/economic-calendar/calendar-formats'

// Writes parsed events idempotently (decision 0037): keyed by (source, source uid), a known
// event whose time, currency, title or impact changed is updated, an identical one is counted as
// unchanged, a new one created. A dry run answers the same summary and writes nothing.

const chunk = 500

function isSame(row: EconomicEventRow, candidate: CalendarCandidate): boolean {
  return (
    row.time.getTime() === candidate.timeMs &&
    row.currency === candidate.currency &&
    row.title === candidate.title &&
    row.impact === candidate.impact
  )
}

export async function applyCalendarEvents(
  ctx: AppContext,
  input: {
    source: Exclude<CalendarSource, 'manual'>
    parsed: ParsedCalendar
    actorUserId: string | null
    dryRun: boolean
  },
): Promise<CalendarImportSummary> {
  const { source, parsed, actorUserId, dryRun } = input
  const existing = new Map<string, EconomicEventRow>()
  for (let i = 0; i < parsed.candidates.length; i += chunk) {
    const uids = parsed.candidates.slice(i, i + chunk).map((c) => c.uid)
    const rows = await ctx.db
      .select()
      .from(economicEvents)
      .where(and(eq(economicEvents.source, source), inArray(economicEvents.sourceUid, uids)))
    for (const row of rows) existing.set(row.sourceUid!, row)
  }
  const toCreate: CalendarCandidate[] = []
  const toUpdate: { row: EconomicEventRow; candidate: CalendarCandidate }[] = []
  let unchanged = 0
  for (const candidate of parsed.candidates) {
    const row = existing.get(candidate.uid)
    if (!row) toCreate.push(candidate)
    else if (isSame(row, candidate)) unchanged += 1
    else toUpdate.push({ row, candidate })
  }
  const summary: CalendarImportSummary = {
    dryRun,
    created: toCreate.length,
    updated: toUpdate.length,
    unchanged,
    skipped: parsed.skipped,
  }
  if (dryRun || (toCreate.length === 0 && toUpdate.length === 0)) return summary

  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < toCreate.length; i += chunk) {
      await tx
        .insert(economicEvents)
        .values(
          toCreate.slice(i, i + chunk).map((c) => ({
            time: new Date(c.timeMs),
            currency: c.currency,
            title: c.title,
            impact: c.impact,
            source,
            sourceUid: c.uid,
            createdBy: actorUserId,
            updatedBy: actorUserId,
            createdAt: now,
            updatedAt: now,
          })),
        )
        // a concurrent import of the same file got there first: its row stands
        .onConflictDoNothing()
    }
    for (const { row, candidate } of toUpdate) {
      await tx
        .update(economicEvents)
        .set({
          time: new Date(candidate.timeMs),
          currency: candidate.currency,
          title: candidate.title,
          impact: candidate.impact,
          updatedBy: actorUserId,
          updatedAt: now,
        })
        .where(eq(economicEvents.id, row.id))
    }
  })
  return summary
}
