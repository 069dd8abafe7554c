import { z } from 'zod'

// The firm's policy checked after the fact on real MetaTrader servers (decision 0045): what the
// trader is told and the violations as the API shows them (owner or admin).

export const policyRuleSchema = z.enum(['lot-cap', 'weekend-holding', 'market-hours'])
export type PolicyRule = z.infer<typeof policyRuleSchema>
export const policyActionSchema = z.enum(['closed', 'trading-disabled', 'none'])
export type PolicyAction = z.infer<typeof policyActionSchema>

export const policyMessages = {
  ruleLabel: {
    'lot-cap': 'Lot cap',
    'weekend-holding': 'Weekend holding',
    'market-hours': 'Market closed',
  } satisfies Record<PolicyRule, string>,
  actionLabel: {
    closed: 'Position closed by the firm',
    'trading-disabled': 'Trading disabled',
    none: 'Recorded for review',
  } satisfies Record<PolicyAction, string>,
  emailSubject: (rule: PolicyRule) =>
    rule === 'lot-cap'
      ? 'A position above your plan’s lot cap'
      : rule === 'weekend-holding'
        ? 'A position was held into the weekend'
        : 'A position was opened while the market was closed',
  lotCap: (lots: string, capLots: string) =>
    `It was ${lots} lots; your plan allows at most ${capLots} lots per forex order.`,
  weekendHolding:
    'Your plan does not allow holding positions over the weekend: positions are closed before the market’s weekend close.',
  marketHours: 'Orders are not allowed while the instrument’s market is closed.',
  action: (action: PolicyAction) =>
    action === 'closed'
      ? 'The firm closed the position at market.'
      : action === 'trading-disabled'
        ? 'The position could not be closed by the firm, so trading on the account is disabled until our risk desk reviews it.'
        : 'It is recorded on the account for our risk desk to review.',
} as const

// GET /api/trading/accounts/:accountId/policy-violations (owner or admin), newest first
export const policyViolationSchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  rule: policyRuleSchema,
  positionId: z.string(),
  symbol: z.string(),
  side: z.string(),
  /** lots */
  volume: z.number(),
  /** the most the rule allowed, lots (lot cap); null for other rules */
  limitVolume: z.number().nullable(),
  tradeTime: z.string(),
  action: policyActionSchema,
  createdAt: z.string(),
})
export type PolicyViolation = z.infer<typeof policyViolationSchema>
export const policyViolationsResponseSchema = z.object({
  data: z.object({ violations: z.array(policyViolationSchema) }),
})
export type PolicyViolationsResponse = z.infer<typeof policyViolationsResponseSchema>
