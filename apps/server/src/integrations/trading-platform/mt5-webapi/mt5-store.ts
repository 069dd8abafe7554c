import { inArray, sql } from 'drizzle-orm'
import type { Database } from '../../../db/client'
import { mt5DealCursors } from '../../../db/schema'

// What the MT5 Web API adapter keeps in our database (decision 0053): each login's deal watermark,
// the newest deal already reported as position events (its UTC time and ticket).

export type DealCursor = { timeMs: number; deal: string }

export interface Mt5Store {
  /** the stored watermarks of these logins (a login without one is absent) */
  cursors(logins: readonly string[]): Promise<Map<string, DealCursor>>
  /** writes these watermarks (one statement) */
  saveCursors(cursors: ReadonlyMap<string, DealCursor>): Promise<void>
}

export function createMt5Store(db: Database): Mt5Store {
  return {
    async cursors(logins) {
      if (logins.length === 0) return new Map()
      const rows = await db
        .select()
        .from(mt5DealCursors)
        .where(inArray(mt5DealCursors.login, [...logins]))
      return new Map(rows.map((row) => [row.login, { timeMs: row.dealTimeMs, deal: row.deal }]))
    },
    async saveCursors(cursors) {
      if (cursors.size === 0) return
      await db
        .insert(mt5DealCursors)
        .values(
          [...cursors].map(([login, cursor]) => ({
            login,
            dealTimeMs: cursor.timeMs,
            deal: cursor.deal,
          })),
        )
        .onConflictDoUpdate({
          target: mt5DealCursors.login,
          set: {
            dealTimeMs: sql`excluded.deal_time_ms`,
            deal: sql`excluded.deal`,
            updatedAt: sql`now()`,
          },
          // never backwards (a second process, an older poll finishing late)
          setWhere: sql`(excluded.deal_time_ms, length(excluded.deal), excluded.deal) > (${mt5DealCursors.dealTimeMs}, length(${mt5DealCursors.deal}), ${mt5DealCursors.deal})`,
        })
    },
  }
}
