import { z } from 'zod'
import { tradeSchema } from '../trades/trade'
import { amountSchema } from './amounts'

const instantSchema = z.iso.datetime({
  offset: true,
  error: 'must be an ISO-8601 time with a zone, e.g. 2026-03-02T09:00:00Z',
})

/** What the platform observed at a moment: closed balance and equity (balance + floating P/L). */
export const snapshotSchema = z.object({
  t: instantSchema,
  balance: amountSchema,
  equity: amountSchema,
})
export type Snapshot = z.output<typeof snapshotSchema>

/** The shared trade model, with its amounts held to what the engine computes exactly. */
const historyTradeSchema = tradeSchema.extend({
  profit: amountSchema,
  commission: amountSchema.default(0),
  swap: amountSchema.default(0),
})

/**
 * An account's history as the engine replays it. Beyond the field types it must make sense as a
 * timeline: snapshots strictly in time order (two different states at one instant would make the
 * verdict depend on their order), trades opened after the account's start (the first snapshot),
 * closed no earlier than opened, each id once.
 */
export const historySchema = z
  .object({
    snapshots: z.array(snapshotSchema).min(1, { message: 'needs at least one snapshot' }),
    trades: z.array(historyTradeSchema).default([]),
  })
  // zod runs this even when some fields already failed: unreadable times are skipped here
  .superRefine(({ snapshots, trades }, ctx) => {
    if (snapshots.length === 0) return
    let previousMs = -Infinity
    snapshots.forEach((snapshot, i) => {
      const ms = Date.parse(snapshot.t)
      if (ms <= previousMs) {
        ctx.addIssue({
          code: 'custom',
          path: ['snapshots', i, 't'],
          message: 'snapshots must be in time order (each one after the previous)',
        })
      }
      if (!Number.isNaN(ms)) previousMs = Math.max(previousMs, ms)
    })

    const startMs = Date.parse(snapshots[0]!.t)
    const seenIds = new Set<string>()
    trades.forEach((trade, i) => {
      const openMs = Date.parse(trade.openTime)
      if (openMs <= startMs) {
        ctx.addIssue({
          code: 'custom',
          path: ['trades', i, 'openTime'],
          message: `must be after the account's start (the first snapshot, ${snapshots[0]!.t})`,
        })
      }
      if (trade.closeTime !== null && Date.parse(trade.closeTime) < openMs) {
        ctx.addIssue({
          code: 'custom',
          path: ['trades', i, 'closeTime'],
          message: 'must not be before openTime',
        })
      }
      if (seenIds.has(trade.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['trades', i, 'id'],
          message: `duplicate trade id "${trade.id}"`,
        })
      }
      seenIds.add(trade.id)
    })
  })
export type History = z.output<typeof historySchema>
export type HistoryInput = z.input<typeof historySchema>
