import { IANAZone } from 'luxon'
import { z } from 'zod'
import { amountSchema } from './amounts'

/**
 * A rulebook exactly as contracts/evaluation-engine.md defines it. Every field is required;
 * `null` switches a rule off. The product's plans are rulebooks of this shape, versioned
 * (see plans/rulebooks.ts); an account keeps the version it was sold with.
 *
 * Objects are strict: a misspelt optional field (say `bestDayPercnt`) would otherwise switch a
 * rule off without a word, and a verdict would be given under rules nobody wrote.
 */
const percent = z
  .number({ error: 'must be a number' })
  .positive({ message: 'must be above 0' })
  .max(100, { message: 'must be at most 100' })

/** An enum whose error lists the allowed values the way a person would type them. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` })

export const dayResetSchema = z.strictObject({
  timeZone: z.string({ error: 'must be a string' }).refine((zone) => IANAZone.isValidZone(zone), {
    message: 'must be an IANA time zone, e.g. America/New_York',
  }),
  time: z
    .string({ error: 'must be a string' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be HH:MM (24-hour)' }),
})

export const profitTargetSchema = z.strictObject({
  percent,
  basis: oneOf(['balance', 'equity']),
  requireFlat: z.boolean({ error: 'must be true or false' }),
})

export const dailyLossSchema = z.strictObject({
  percent,
  of: oneOf(['initial', 'anchor']),
  anchor: oneOf(['balance', 'equity', 'max-balance-equity']),
  action: oneOf(['breach', 'pause']),
})

export const maxLossSchema = z.strictObject({
  percent,
  mode: oneOf(['static', 'trailing-eod-balance', 'trailing-balance', 'trailing-equity']),
  lockAtInitial: z.boolean({ error: 'must be true or false' }),
})

export const rulebookSchema = z.strictObject({
  initialBalance: amountSchema.refine((n) => n > 0, { message: 'must be above 0' }),
  dayReset: dayResetSchema,
  profitTarget: profitTargetSchema.nullable(),
  dailyLoss: dailyLossSchema.nullable(),
  maxLoss: maxLossSchema.nullable(),
  minTradingDays: z
    .number({ error: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be 0 or more' }),
  tradingDay: oneOf(['opened', 'opened-and-closed']),
  bestDayPercent: percent.nullable().optional().default(null),
})
export type Rulebook = z.output<typeof rulebookSchema>
export type RulebookInput = z.input<typeof rulebookSchema>
export type DayResetRule = z.output<typeof dayResetSchema>
export type ProfitTargetRule = z.output<typeof profitTargetSchema>
export type DailyLossRule = z.output<typeof dailyLossSchema>
export type MaxLossRule = z.output<typeof maxLossSchema>
export type MaxLossMode = MaxLossRule['mode']
