import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Database } from '../../../db/client'
import { metaApiAccounts, metaApiStreamCursors, tradingAccounts } from '../../../db/schema'
import type { PlatformAccountInfo, PlatformDeal } from '../trading-platform'

// What the MetaApi adapter keeps in our database (decision 0043): which of its accounts the app
// disabled (read from trading_accounts, the row the disable and breach flows write), the deal
// watermark of each account, the final state of an ended account, its risk-management trackers and
// how far the tracker-events stream has been read (decision 0048).

export type DealWatermark = { cursorMs: number; dealIds: string[] }

export type FinalState = { info: PlatformAccountInfo; deals: PlatformDeal[] }

/** an account's trackers by our name for them: MetaApi's id and the threshold it was set to */
export type StoredTrackers = Record<string, { id: string; thresholdCents: number }>

export interface MetaApiStore {
  /** MetaApi accounts whose trading the app has turned off (disabled, failed) */
  disabledAccounts(): Promise<string[]>
  /** MetaApi accounts that ended (no longer active) and whose final state is not kept yet */
  endedWithoutFinalState(): Promise<string[]>
  watermark(externalId: string): Promise<DealWatermark | null>
  saveWatermark(externalId: string, watermark: DealWatermark): Promise<void>
  finalState(externalId: string): Promise<FinalState | null>
  saveFinalState(externalId: string, state: FinalState): Promise<void>
  /** every account's trackers, in one query (the adapter's load) */
  allTrackers(): Promise<Map<string, StoredTrackers>>
  saveTrackers(externalId: string, trackers: StoredTrackers): Promise<void>
  /** the sequence number of the last event of a stream handled; null: never read */
  streamPosition(stream: string): Promise<number | null>
  saveStreamPosition(stream: string, sequenceNumber: number): Promise<void>
}

export function createMetaApiStore(db: Database): MetaApiStore {
  const ended = ['passed', 'failed', 'suspended', 'closed'] as const
  return {
    async disabledAccounts() {
      const rows = await db
        .select({ externalId: tradingAccounts.externalId })
        .from(tradingAccounts)
        .where(
          and(
            eq(tradingAccounts.adapter, 'metaapi'),
            isNotNull(tradingAccounts.externalId),
            or(eq(tradingAccounts.isTradingEnabled, false), eq(tradingAccounts.status, 'failed')),
          ),
        )
      return rows.map((row) => row.externalId!)
    },
    async endedWithoutFinalState() {
      const rows = await db
        .select({ externalId: tradingAccounts.externalId })
        .from(tradingAccounts)
        .leftJoin(metaApiAccounts, eq(metaApiAccounts.externalId, tradingAccounts.externalId))
        .where(
          and(
            eq(tradingAccounts.adapter, 'metaapi'),
            isNotNull(tradingAccounts.externalId),
            inArray(tradingAccounts.status, [...ended]),
            isNull(metaApiAccounts.endedAt),
          ),
        )
      return rows.map((row) => row.externalId!)
    },
    async watermark(externalId) {
      const [row] = await db
        .select({ cursorMs: metaApiAccounts.dealCursorMs, dealIds: metaApiAccounts.cursorDealIds })
        .from(metaApiAccounts)
        .where(eq(metaApiAccounts.externalId, externalId))
      return row ?? null
    },
    async saveWatermark(externalId, watermark) {
      await db
        .insert(metaApiAccounts)
        .values({
          externalId,
          dealCursorMs: watermark.cursorMs,
          cursorDealIds: watermark.dealIds,
        })
        .onConflictDoUpdate({
          target: metaApiAccounts.externalId,
          set: {
            dealCursorMs: watermark.cursorMs,
            cursorDealIds: watermark.dealIds,
            updatedAt: sql`now()`,
          },
        })
    },
    async finalState(externalId) {
      const [row] = await db
        .select({ info: metaApiAccounts.finalInfo, deals: metaApiAccounts.finalDeals })
        .from(metaApiAccounts)
        .where(and(eq(metaApiAccounts.externalId, externalId), isNotNull(metaApiAccounts.endedAt)))
      if (!row?.info || !row.deals) return null
      return {
        info: row.info as unknown as PlatformAccountInfo,
        deals: row.deals as unknown as PlatformDeal[],
      }
    },
    async saveFinalState(externalId, state) {
      const values = {
        finalInfo: state.info as unknown as Record<string, unknown>,
        finalDeals: state.deals as unknown as Record<string, unknown>[],
        endedAt: new Date(),
      }
      await db
        .insert(metaApiAccounts)
        .values({ externalId, ...values })
        .onConflictDoUpdate({
          target: metaApiAccounts.externalId,
          set: { ...values, updatedAt: sql`now()` },
        })
    },
    async allTrackers() {
      const rows = await db
        .select({ externalId: metaApiAccounts.externalId, trackers: metaApiAccounts.trackers })
        .from(metaApiAccounts)
        .where(isNotNull(metaApiAccounts.trackers))
      return new Map(rows.map((row) => [row.externalId, row.trackers ?? {}]))
    },
    async saveTrackers(externalId, trackers) {
      await db
        .insert(metaApiAccounts)
        .values({ externalId, trackers })
        .onConflictDoUpdate({
          target: metaApiAccounts.externalId,
          set: { trackers, updatedAt: sql`now()` },
        })
    },
    async streamPosition(stream) {
      const [row] = await db
        .select({ sequenceNumber: metaApiStreamCursors.sequenceNumber })
        .from(metaApiStreamCursors)
        .where(eq(metaApiStreamCursors.stream, stream))
      return row?.sequenceNumber ?? null
    },
    async saveStreamPosition(stream, sequenceNumber) {
      // never backwards (two processes reading the same stream)
      await db
        .insert(metaApiStreamCursors)
        .values({ stream, sequenceNumber })
        .onConflictDoUpdate({
          target: metaApiStreamCursors.stream,
          set: {
            sequenceNumber: sql`greatest(${metaApiStreamCursors.sequenceNumber}, excluded.sequence_number)`,
            updatedAt: sql`now()`,
          },
        })
    },
  }
}
