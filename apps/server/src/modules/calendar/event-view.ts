import type { EconomicEvent } from '@tp/api/calendar'
import type { EconomicEventRow } from '../../db/schema'

export function toEconomicEvent(row: EconomicEventRow): EconomicEvent {
  return {
    id: row.id,
    time: row.time.toISOString(),
    currency: row.currency,
    title: row.title,
    impact: row.impact,
    source: row.source,
    sourceUid: row.sourceUid,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The default range of a calendar query: from now, 7 days; at most 92 days long. */
export const maxRangeMs = 92 * 24 * 3_600_000
export const defaultRangeMs = 7 * 24 * 3_600_000
