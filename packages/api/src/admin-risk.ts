import { planKeySchema, stages, tradingPlatforms } from '@tp/domain'
import { z } from 'zod'

// The admin's live risk view (issue 14 item 6, decision 0038): the active accounts nearest to a
// breach, ranked by the smallest share of a loss rule's allowance left (daily loss or max loss),
// and the breaches of the last 24 hours with their evidence. GET /api/admin/risk answers both at
// once (the page renders before the socket delivers); the live stream's admin topic `risk-desk`
// pushes the ranking at most once a second (the same bytes to every watching admin) and each new
// breach as it is stored. A leaf module (zod and @tp/domain only): trading.ts's stream messages
// carry these rows.

/** How many accounts the ranking holds. */
export const riskDeskSize = 50
/** How far back the breaches list reaches. */
export const riskDeskBreachWindowHours = 24

/** Distance from equity to a floor: money (cents) and the share of the allowance left (%). */
export const floorDistanceSchema = z.object({
  floorCents: z.number().int(),
  distanceCents: z.number().int(),
  allowanceCents: z.number().int(),
  /** distance / allowance x 100, 2 decimals (0 = at the floor) */
  leftPercent: z.number(),
})
export type FloorDistance = z.infer<typeof floorDistanceSchema>

export const lossRuleSchema = z.enum(['dailyLoss', 'maxLoss'])
export type LossRule = z.infer<typeof lossRuleSchema>

/** Who and what an account is, as the risk desk lists it. */
const accountIdentity = {
  accountId: z.uuid(),
  login: z.string().nullable(),
  platform: z.enum(tradingPlatforms),
  planKey: planKeySchema,
  stage: z.enum(stages),
  sizeK: z.number().int(),
  ownerId: z.uuid(),
  ownerEmail: z.string(),
  ownerName: z.string().nullable(),
}

/** An active account of the ranking: its live figures and the distance to each floor. */
export const riskNearestRowSchema = z.object({
  ...accountIdentity,
  balanceCents: z.number().int(),
  equityCents: z.number().int(),
  dailyLoss: floorDistanceSchema.nullable(),
  maxLoss: floorDistanceSchema.nullable(),
  /** the rule whose floor is nearest (the smallest share of its allowance left) */
  nearest: lossRuleSchema,
  /** that rule's leftPercent: what the ranking is ordered by, smallest first */
  leftPercent: z.number(),
})
export type RiskNearestRow = z.infer<typeof riskNearestRowSchema>

export const riskNearestSchema = z.object({
  /** when the ranking was taken (ISO-8601 UTC) */
  at: z.string(),
  /** how many active accounts the risk monitor judges (the ranking's population) */
  monitored: z.number().int().min(0),
  accounts: z.array(riskNearestRowSchema),
})
export type RiskNearest = z.infer<typeof riskNearestSchema>

/** A stored breach with its evidence: the breaching snapshot's equity and the floor it touched. */
export const riskBreachRowSchema = z.object({
  ...accountIdentity,
  rule: lossRuleSchema,
  /** the breaching instant (ISO-8601 UTC) */
  t: z.string(),
  balanceCents: z.number().int(),
  equityCents: z.number().int(),
  /** the floor in force then, in cents (exact floor rounded to the cent for display) */
  floorCents: z.number().int(),
  /** how many positions were open at the breach (closed by it) */
  openPositions: z.number().int().min(0),
})
export type RiskBreachRow = z.infer<typeof riskBreachRowSchema>

// GET /api/admin/risk -> the ranking now and the breaches since `since`, newest first
export const adminRiskResponseSchema = z.object({
  data: z.object({
    nearest: riskNearestSchema,
    since: z.string(),
    breaches: z.array(riskBreachRowSchema),
  }),
})
export type AdminRiskResponse = z.infer<typeof adminRiskResponseSchema>

// the live stream's admin topic (WebSocket /api/stream; trading.ts holds the message unions)
/** client: start (true) or stop (false) receiving the risk desk's pushes (admins only) */
export const riskDeskClientMessageSchema = z.object({
  type: z.literal('risk-desk'),
  isWatching: z.boolean(),
})
/** server: the ranking, on subscribing and then at most once a second while it changes */
export const riskNearestMessageSchema = z.object({
  type: z.literal('risk-nearest'),
  nearest: riskNearestSchema,
})
/** server: a breach, once it is stored */
export const riskBreachMessageSchema = z.object({
  type: z.literal('risk-breach'),
  breach: riskBreachRowSchema,
})
