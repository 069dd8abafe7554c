import { z } from 'zod'

/**
 * The verdict printed by `engine evaluate` (contracts/evaluation-engine.md). Amounts are rounded
 * to 2 decimals, half away from zero; instants are UTC ISO-8601 (`2026-03-09T15:00:00Z`).
 * The schema lets a consumer (server, web, tests) check a verdict it did not compute.
 */
export const breachSchema = z.object({
  rule: z.enum(['dailyLoss', 'maxLoss']),
  t: z.string(),
  equity: z.number(),
  floor: z.number(),
})

export const dayRowSchema = z.object({
  /** calendar date (YYYY-MM-DD) that holds most of the day's hours */
  date: z.string(),
  anchor: z.number(),
  dailyFloor: z.number().nullable(),
  maxFloor: z.number().nullable(),
  minEquity: z.number(),
  closedProfit: z.number(),
  traded: z.boolean(),
  paused: z.boolean(),
})

export const objectivesSchema = z.object({
  profitTarget: z.object({ target: z.number().nullable(), value: z.number(), met: z.boolean() }),
  minTradingDays: z.object({ required: z.number(), value: z.number(), met: z.boolean() }),
  bestDay: z.object({
    limitPercent: z.number().nullable(),
    valuePercent: z.number().nullable(),
    met: z.boolean(),
  }),
})

export const verdictSchema = z.object({
  status: z.enum(['active', 'passed', 'failed']),
  breach: breachSchema.nullable(),
  passedAt: z.string().nullable(),
  days: z.array(dayRowSchema),
  objectives: objectivesSchema,
})

export type VerdictStatus = z.output<typeof verdictSchema>['status']
export type BreachRule = z.output<typeof breachSchema>['rule']
export type Breach = z.output<typeof breachSchema>
export type DayRow = z.output<typeof dayRowSchema>
export type Objectives = z.output<typeof objectivesSchema>
export type Verdict = z.output<typeof verdictSchema>
