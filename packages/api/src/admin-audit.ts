import { z } from 'zod'
import { roleSchema } from './auth'

// ---- the audit log (issue 14 item 7, decision 0036) -----------------------------------------------
// GET /api/admin/audit?page&pageSize&search&actor&target&kind&from&to&dir -> { data: { entries,
// page, pageSize, total } }: searched, filtered, sorted by time and paged in the database.
// `search` matches the action, the target id, the reason and the actor's email (contains);
// `actor` is the actor's email (contains) or "system"; `target` a target id (exact);
// `kind` the first word of the action (user, order, payout, ...); `from`/`to` UTC days, inclusive.

/** The kinds of action in the log: the first word of each action (`user.disable` is `user`). */
export const auditKinds = [
  'user',
  'account',
  'order',
  'payout',
  'identity',
  'coupon',
  'message',
  'calendar',
  'export',
] as const
export const auditKindSchema = z.enum(auditKinds)
export type AuditKind = z.infer<typeof auditKindSchema>

export const auditKindLabels: Record<AuditKind, string> = {
  user: 'Users',
  account: 'Trading accounts',
  order: 'Orders',
  payout: 'Payouts',
  identity: 'Identity checks',
  coupon: 'Coupons',
  message: 'Messages',
  calendar: 'Economic calendar',
  export: 'Exports',
}

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the day as YYYY-MM-DD.')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Give a real day.')

/** The filters of the audit list, shared by the page and its CSV export. */
export const adminAuditFiltersSchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    actor: z.string().trim().max(254).optional(),
    target: z.string().trim().max(100).optional(),
    kind: auditKindSchema.optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The first day must not be after the last one.',
    path: ['to'],
  })
export type AdminAuditFilters = z.infer<typeof adminAuditFiltersSchema>

export const adminAuditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    search: z.string().trim().max(100).optional(),
    actor: z.string().trim().max(254).optional(),
    target: z.string().trim().max(100).optional(),
    kind: auditKindSchema.optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    /** by time: newest first (desc) or oldest first */
    dir: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The first day must not be after the last one.',
    path: ['to'],
  })
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>

export const auditEntrySchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  /** null: the system (a provider's notice, a job) */
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorRole: roleSchema.nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const adminAuditResponseSchema = z.object({
  data: z.object({
    entries: z.array(auditEntrySchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  }),
})
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>

// ---- CSV exports (issue 14 item 8) -----------------------------------------------------------------
// GET /api/admin/exports/{users|orders|trading-accounts|payouts|audit}.csv with the list's filters:
// streamed from the database a page at a time (keyset), the export itself audited. Columns below,
// in order; money in integer cents, times in ISO 8601 UTC.

export const adminExports = ['users', 'orders', 'trading-accounts', 'payouts', 'audit'] as const
export type AdminExport = (typeof adminExports)[number]

export const adminExportColumns = {
  users: [
    'id',
    'email',
    'name',
    'role',
    'status',
    'email_verified',
    'price_cents',
    'fund_cents',
    'created_at',
  ],
  orders: [
    'id',
    'number',
    'user_email',
    'status',
    'challenge_type',
    'platform',
    'size_k',
    'method',
    'coupon_code',
    'total_cents',
    'currency',
    'created_at',
    'paid_at',
    'review_reason',
  ],
  'trading-accounts': [
    'id',
    'login',
    'platform',
    'plan',
    'stage',
    'size_k',
    'status',
    'is_trading_enabled',
    'leverage',
    'owner_email',
    'owner_name',
    'initial_balance_cents',
    'created_at',
    'platform_server',
  ],
  payouts: [
    'id',
    'user_email',
    'account_id',
    'status',
    'method_kind',
    'profit_cents',
    'split_percent',
    'trader_share_cents',
    'fee_refund_cents',
    'late_bonus_cents',
    'withdrawn_cents',
    'requested_at',
    'reviewed_at',
    'paid_at',
    'reference',
    'rejection_reason',
  ],
  audit: [
    'id',
    'created_at',
    'actor_email',
    'action',
    'target_type',
    'target_id',
    'reason',
    'details',
  ],
} as const satisfies Record<AdminExport, readonly string[]>
