import { z } from 'zod'
import { adminReasonSchema } from './admin-reason'
import { roleSchema } from './auth'

export const userStatusSchema = z.enum(['active', 'disabled'])
export type UserStatus = z.infer<typeof userStatusSchema>

// GET /api/admin/users?page=1&pageSize=20 -> { data: { users, page, pageSize, total } }
export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  status: userStatusSchema,
  createdAt: z.string(),
})
export type AdminUser = z.infer<typeof adminUserSchema>

export const adminUsersResponseSchema = z.object({
  data: z.object({
    users: z.array(adminUserSchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  }),
})
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>

// ---- users table (spec 2.15: No, Name, Price, Fund, Status, Action) --------------------------------
// GET /api/admin/users?page&pageSize&search&status&role&sort&dir: server-side search (name or email
// contains), filters, sorting and paging; each row carries the user's price (net paid orders) and
// fund (sizes of their active accounts), USD cents, as docs/admin-metrics.md defines them.

export const adminUserSorts = ['createdAt', 'name', 'email', 'price', 'fund'] as const
export const adminUserSortSchema = z.enum(adminUserSorts)
export type AdminUserSort = z.infer<typeof adminUserSortSchema>

export const adminUsersListQuerySchema = adminUsersQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: userStatusSchema.optional(),
  role: roleSchema.optional(),
  sort: adminUserSortSchema.default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
})
export type AdminUsersListQuery = z.input<typeof adminUsersListQuerySchema>

export const adminUserRowSchema = adminUserSchema.extend({
  emailVerified: z.boolean(),
  /** net paid orders, USD cents */
  priceCents: z.number().int(),
  /** initial balances of the user's active accounts, USD cents */
  fundCents: z.number().int(),
})
export type AdminUserRow = z.infer<typeof adminUserRowSchema>

export const adminUsersListResponseSchema = z.object({
  data: z.object({
    users: z.array(adminUserRowSchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  }),
})
export type AdminUsersListResponse = z.infer<typeof adminUsersListResponseSchema>

export const adminUserParamsSchema = z.object({ userId: z.uuid() })

const adminReason = adminReasonSchema

// PATCH /api/admin/users/:userId {name?, role?, emailVerified?, reason} -> { user }
export const adminUpdateUserSchema = z
  .object({
    name: z.string().trim().max(120).nullable().optional(),
    role: roleSchema.optional(),
    emailVerified: z.boolean().optional(),
    reason: adminReason,
  })
  .refine(
    (input) =>
      input.name !== undefined || input.role !== undefined || input.emailVerified !== undefined,
    { message: 'Change at least one of name, role or email verified.' },
  )
export type AdminUpdateUserInput = z.infer<typeof adminUpdateUserSchema>

// POST /api/admin/users/:userId/disable|enable {reason} -> { user, endedSessions, accounts }
export const adminUserActionSchema = z.object({ reason: adminReason })
export type AdminUserActionInput = z.infer<typeof adminUserActionSchema>

export const adminUserResponseSchema = z.object({ user: adminUserRowSchema })
export const adminUserActionResponseSchema = z.object({
  user: adminUserRowSchema,
  /** sessions ended by a disable (0 for an enable) */
  endedSessions: z.number().int().min(0),
  /** trading accounts whose trading was turned off (disable) or back on (enable) */
  accountIds: z.array(z.string()),
})
export type AdminUserActionResponse = z.infer<typeof adminUserActionResponseSchema>

// GET /api/admin/users/:userId -> the user detail page
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
})
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>

export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({ phone: z.string().nullable(), updatedAt: z.string() }),
  profile: z
    .object({ userName: z.string().nullable(), bio: z.string(), publicRole: z.string() })
    .nullable(),
  billingProfile: z.record(z.string(), z.string()).nullable(),
  orders: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      status: z.string(),
      challenge: z.string(),
      sizeK: z.number(),
      method: z.string(),
      totalCents: z.number().int(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
  accounts: z.array(
    z.object({
      id: z.string(),
      login: z.string().nullable(),
      platform: z.string(),
      planKey: z.string(),
      stage: z.string(),
      sizeK: z.number(),
      status: z.string(),
      isTradingEnabled: z.boolean(),
      initialBalanceCents: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  /** trader's share + fee refund + late bonus, USD cents; createdAt is when it was requested */
  payouts: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      amountCents: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  /** the latest identity check submission; null when none was made */
  identityCheck: z.object({ status: z.string(), updatedAt: z.string() }).nullable(),
  messages: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      subject: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  audit: z.array(adminAuditEntrySchema),
})
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>
export const adminUserDetailResponseSchema = z.object({ data: adminUserDetailSchema })

// ---- dashboard (spec 3 "Admin summary", spec 7 GET admin/summary) ----------------------------------
// Every figure is defined in docs/admin-metrics.md; money in USD cents.

export const soldPointSchema = z.object({ timeStamp: z.string(), value: z.number().int() })
export type SoldPoint = z.infer<typeof soldPointSchema>

export const adminSummarySchema = z.object({
  summary: z.object({
    totalUsers: z.number().int(),
    activeUsers: z.number().int(),
    emailUnverifiedUsers: z.number().int(),
    phoneUnverifiedUsers: z.number().int(),
    totalAccounts: z.number().int(),
    /** Total Revenue: net paid orders, USD cents */
    totalSales: z.number().int(),
    /** Total Funds: initial balances of active accounts, USD cents */
    totalFund: z.number().int(),
    totalTrade: z.number().int(),
    completedTrade: z.number().int(),
    openTrade: z.number().int(),
  }),
  /** sales (USD cents) by UTC day (last 30), month (last 12) and year (last 5), oldest first */
  groupedSoldData: z.object({
    groupedByDay: z.array(soldPointSchema),
    groupedByMonth: z.array(soldPointSchema),
    groupedByYear: z.array(soldPointSchema),
  }),
  /** the ten newest traders with their fee and fund (USD cents) */
  userList: z.array(
    z.object({
      userName: z.string(),
      totalFee: z.number().int(),
      totalFund: z.number().int(),
      status: userStatusSchema,
    }),
  ),
  /** beyond the spec: what the firm lives on */
  insights: z.object({
    passRates: z.array(
      z.object({
        planKey: z.string(),
        stage: z.string(),
        passed: z.number().int(),
        failed: z.number().int(),
        /** passed / (passed + failed), 0-1; null before any account ended */
        passRate: z.number().nullable(),
      }),
    ),
    breachesByRule: z.array(z.object({ rule: z.string(), count: z.number().int() })),
    revenueByPlan: z.array(
      z.object({
        challenge: z.string(),
        sizeK: z.number().int(),
        orders: z.number().int(),
        cents: z.number().int(),
      }),
    ),
    revenueByMethod: z.array(
      z.object({ method: z.string(), orders: z.number().int(), cents: z.number().int() }),
    ),
    /** pending (requested, not yet paid or rejected) and paid payouts, USD cents */
    payouts: z.object({
      pendingCount: z.number().int(),
      pendingCents: z.number().int(),
      paidCount: z.number().int(),
      paidCents: z.number().int(),
      /** paid payouts / revenue, 0-1; null without revenue */
      payoutsToRevenue: z.number().nullable(),
    }),
  }),
  generatedAt: z.string(),
})
export type AdminSummary = z.infer<typeof adminSummarySchema>
export const adminSummaryResponseSchema = z.object({ data: adminSummarySchema })
