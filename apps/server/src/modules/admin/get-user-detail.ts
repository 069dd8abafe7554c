import type { AdminUserDetail } from '@tp/api'
import { and, desc, eq, or } from 'drizzle-orm'
import type { AppContext } from '../../context'
import {
  auditLog,
  billingProfiles,
  orders,
  profiles,
  serviceMessages,
  tradingAccounts,
  users,
} from '../../db/schema'
import { AppError } from '../../lib/errors'
import { orderNumber } from '../orders/order-dto'
import { findAdminUserRow } from './list-users'
import { readIdentityCheck, readUserPayouts } from './payout-totals'

const LIMIT = 100

/**
 * The admin's page of one user: profile, billing profile, orders, trading accounts, payouts,
 * identity check, contact messages (by user or by email) and the audit entries about the user or
 * their accounts and orders, newest first (the last 100 of each).
 */
export async function getUserDetail(ctx: AppContext, userId: string): Promise<AdminUserDetail> {
  const user = await findAdminUserRow(ctx.db, userId)
  if (!user) throw new AppError('NOT_FOUND', { message: 'No such user.' })
  const [extra] = await ctx.db
    .select({ phone: users.phone, updatedAt: users.updatedAt })
    .from(users)
    .where(eq(users.id, userId))
  const [profileRows, billingRows, orderRows, accountRows, messageRows, payouts, identityCheck] =
    await Promise.all([
      ctx.db.select().from(profiles).where(eq(profiles.userId, userId)),
      ctx.db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId)),
      ctx.db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt))
        .limit(LIMIT),
      ctx.db
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.userId, userId))
        .orderBy(desc(tradingAccounts.createdAt))
        .limit(LIMIT),
      ctx.db
        .select()
        .from(serviceMessages)
        .where(or(eq(serviceMessages.userId, userId), eq(serviceMessages.email, user.email)))
        .orderBy(desc(serviceMessages.createdAt))
        .limit(LIMIT),
      readUserPayouts(ctx, userId, LIMIT),
      readIdentityCheck(ctx, userId),
    ])
  const targets = [
    and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)),
    ...orderRows.map((row) => and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, row.id))),
    ...accountRows.map((row) =>
      and(eq(auditLog.targetType, 'trading-account'), eq(auditLog.targetId, row.id)),
    ),
  ]
  const auditRows = await ctx.db
    .select({ entry: auditLog, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(or(...targets))
    .orderBy(desc(auditLog.createdAt))
    .limit(LIMIT)
  const profile = profileRows[0]
  const billing = billingRows[0]
  return {
    user: {
      ...user,
      phone: extra?.phone ?? null,
      updatedAt: (extra?.updatedAt ?? new Date(0)).toISOString(),
    },
    profile: profile
      ? { userName: profile.userName, bio: profile.bio, publicRole: profile.publicRole }
      : null,
    billingProfile: billing
      ? {
          firstName: billing.firstName,
          lastName: billing.lastName,
          companyName: billing.companyName,
          country: billing.country,
          state: billing.state,
          town: billing.town,
          apartment: billing.apartment,
          postalCode: billing.postalCode,
          phone: billing.phone,
          lockedAt: billing.lockedAt.toISOString(),
        }
      : null,
    orders: orderRows.map((row) => ({
      id: row.id,
      number: orderNumber(row),
      status: row.status,
      challenge: row.challengeType,
      sizeK: row.sizeK,
      method: row.method,
      totalCents: row.total,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
    accounts: accountRows.map((row) => ({
      id: row.id,
      login: row.login,
      platform: row.platform,
      planKey: row.planKey,
      stage: row.stage,
      sizeK: row.sizeK,
      status: row.status,
      isTradingEnabled: row.isTradingEnabled,
      initialBalanceCents: row.initialBalance,
      createdAt: row.createdAt.toISOString(),
    })),
    payouts,
    identityCheck,
    messages: messageRows.map((row) => ({
      id: row.id,
      kind: row.kind,
      subject: row.subject,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    audit: auditRows.map(({ entry, actorEmail }) => ({
      id: entry.id,
      actorEmail,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason,
      details: entry.details ?? null,
      createdAt: entry.createdAt.toISOString(),
    })),
  }
}
