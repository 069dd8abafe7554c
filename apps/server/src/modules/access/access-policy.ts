import { messages } from '@tp/api'
import { statementImportMessages } from '@tp/api/statement-import'
import { tradeLockerMessages } from '@tp/api/tradelocker'
import { and, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Executor } from '../../db/client'
import { preparedPerDatabase } from '../../db/prepared'
import {
  auditLog,
  orders,
  payments,
  statementImports,
  tradeLockerAccounts,
  tradeLockerLinks,
  tradingAccounts,
  type OrderRow,
  type PaymentRow,
  type StatementImportRow,
  type TradeLockerAccountRow,
  type TradeLockerLinkRow,
  type TradingAccountRow,
} from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { Caller } from './authenticate'
import { hasCapability } from './capabilities'
import { toCachedAccountRow, type AccountRowView } from './read-cache'

// The one access policy for trading accounts, orders and payments
// (docs/decisions/0017-one-access-policy.md). Every route and the live stream ask it; nothing
// else compares owners and roles. The caller's role was read from the database for this request.
//
// A support user (decision 0036: the admin area read-only) reads what an admin reads and
// manages nothing.
//
//   trading account  read    owner, admin, support
//                    trade   owner only: open, modify, close (also partly), cancel, leverage,
//                            trading password; an admin may not trade a trader's account
//                    manage  owner, admin: risk actions (close every position, disable trading);
//                            an admin's is audited with the reason given
//   order            read    owner, admin, support
//                    pay     owner only
//                    manage  admin (refund)
//   payment          read    owner, admin, support (by the order it pays)
//   statement import read    owner, admin, support (a saved import is read-only: nothing trades it)
//                    manage  owner only (delete)
//   TradeLocker link read    owner, admin, support (never its tokens)
//   and linked acct  manage  owner only (import accounts, refresh, unlink)
//
// Someone with no access at all is told the thing does not exist (404), never "not yours".

export type AccountAccess = 'read' | 'trade' | 'manage'
export type OrderAccess = 'read' | 'pay' | 'manage'

const noSuchAccount = () => new AppError('NOT_FOUND', { message: 'No such trading account.' })
const noSuchOrder = () => new AppError('NOT_FOUND', { message: 'No such order.' })

function canAccessAccount(
  caller: Caller,
  account: Pick<TradingAccountRow, 'userId'>,
  access: AccountAccess,
): boolean {
  if (account.userId === caller.userId) return true
  if (access === 'read') return hasCapability(caller.role, 'admin:read')
  return caller.role === 'admin' && access !== 'trade'
}

const accountById = preparedPerDatabase((db) =>
  db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.id, sql.placeholder('accountId')))
    .prepare('tp_account_by_id'),
)

/** A trading account the caller may read, trade or manage; 404 or 403 otherwise. */
export async function loadAccountFor(
  ctx: AppContext,
  caller: Caller,
  accountId: string,
  access: AccountAccess,
  db: Executor = ctx.db,
): Promise<TradingAccountRow> {
  const [row] =
    db === ctx.db
      ? await accountById(ctx.db).execute({ accountId })
      : await db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId))
  if (!row) throw noSuchAccount()
  return assertAccountAccess(caller, row, access)
}

/**
 * The account's row without its checkpoint columns, for reads that show it (account state): served
 * by the read cache while it holds the account (decision 0028: any change of the row other than
 * the risk flush's checkpoint drops it first), so a known account costs no query. Access is still
 * decided per request, with that request's caller.
 */
export async function loadAccountViewFor(
  ctx: AppContext,
  caller: Caller,
  accountId: string,
  access: AccountAccess,
): Promise<AccountRowView> {
  const cached = ctx.reads.accounts.get(accountId)
  if (cached) return assertAccountAccess(caller, cached, access)
  const readGeneration = ctx.reads.accounts.beginRead()
  const [row] = await accountById(ctx.db).execute({ accountId })
  if (!row) throw noSuchAccount()
  const view = toCachedAccountRow(row)
  ctx.reads.accounts.store(accountId, view, readGeneration)
  return assertAccountAccess(caller, view, access)
}

function assertAccountAccess<T extends Pick<TradingAccountRow, 'userId'>>(
  caller: Caller,
  account: T,
  access: AccountAccess,
): T {
  if (canAccessAccount(caller, account, access)) return account
  if (caller.role === 'admin')
    throw new AppError('FORBIDDEN', { message: messages.auth.adminMayNotTrade })
  if (hasCapability(caller.role, 'admin:read')) throw new AppError('READ_ONLY_ROLE')
  throw noSuchAccount()
}

/**
 * What never changes of a provisioned account: its owner, its id on the trading platform, the
 * rulebook it is judged by (plan, size, rulebook version) and its initial balance.
 */
export type AccountRef = Pick<
  TradingAccountRow,
  'id' | 'userId' | 'externalId' | 'planKey' | 'sizeK' | 'rulebookVersion' | 'initialBalance'
>

/**
 * Refs of provisioned accounts, per database: an account's owner and platform id are written
 * once (provisioning) and never again, and accounts are never deleted, so a read that needs only
 * them (the closed trades, the dashboard's views of closed trades) skips the account's row. Access is still decided per request, with the
 * caller's role of that request.
 */
const accountRefs = new WeakMap<Executor, Map<string, AccountRef>>()
const MAX_ACCOUNT_REFS = 50_000

/** The AccountRef of an account the caller may read, trade or manage (as loadAccountFor). */
export async function loadAccountRefFor(
  ctx: AppContext,
  caller: Caller,
  accountId: string,
  access: AccountAccess,
): Promise<AccountRef> {
  let refs = accountRefs.get(ctx.db)
  if (!refs) {
    refs = new Map()
    accountRefs.set(ctx.db, refs)
  }
  const known = refs.get(accountId)
  if (known) return assertAccountAccess(caller, known, access)
  const row = await loadAccountFor(ctx, caller, accountId, access)
  if (row.externalId !== null) {
    if (refs.size >= MAX_ACCOUNT_REFS) refs.clear()
    const { id, userId, externalId, planKey, sizeK, rulebookVersion, initialBalance } = row
    refs.set(accountId, { id, userId, externalId, planKey, sizeK, rulebookVersion, initialBalance })
  }
  return row
}

export function canAccessOrder(
  caller: Caller,
  order: Pick<OrderRow, 'userId'>,
  access: OrderAccess,
): boolean {
  const isOwner = order.userId === caller.userId
  const isAdmin = caller.role === 'admin'
  switch (access) {
    case 'read':
      return isOwner || hasCapability(caller.role, 'admin:read')
    case 'pay':
      return isOwner
    case 'manage':
      return isAdmin
  }
}

/** An order the caller may read, pay or manage; 404 or 403 otherwise. */
export async function loadOrderFor(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  access: OrderAccess,
  db: Executor = ctx.db,
): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!row) throw noSuchOrder()
  return assertOrderAccess(caller, row, access)
}

export function assertOrderAccess(caller: Caller, order: OrderRow, access: OrderAccess): OrderRow {
  if (canAccessOrder(caller, order, access)) return order
  if (caller.role === 'support') throw new AppError('READ_ONLY_ROLE')
  if (caller.role === 'admin' || (access === 'manage' && order.userId === caller.userId)) {
    throw new AppError('FORBIDDEN')
  }
  throw noSuchOrder()
}

/** A crypto payment (OxaPay track id) of an order the caller may read; 404 otherwise. */
export async function loadCryptoPaymentFor(
  ctx: AppContext,
  caller: Caller,
  trackId: string,
): Promise<{ payment: PaymentRow; order: OrderRow }> {
  const [row] = await ctx.db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, 'oxapay'), eq(payments.reference, trackId)))
  if (!row || !canAccessOrder(caller, row.order, 'read')) {
    throw new AppError('NOT_FOUND', { message: 'No such payment.' })
  }
  return row
}

/**
 * A saved statement import (a read-only "imported" account of the caller's analytics): read by
 * its owner or an admin, deleted by its owner only; anyone else is told it does not exist.
 */
export async function loadStatementImportFor(
  ctx: AppContext,
  caller: Caller,
  importId: string,
  access: 'read' | 'manage',
): Promise<StatementImportRow> {
  const [row] = await ctx.db
    .select()
    .from(statementImports)
    .where(eq(statementImports.id, importId))
  const isAllowed =
    row !== undefined &&
    (row.userId === caller.userId ||
      (access === 'read' && hasCapability(caller.role, 'admin:read')))
  if (!isAllowed) {
    throw new AppError('NOT_FOUND', { message: statementImportMessages.notFound })
  }
  return row
}

/**
 * A TradeLocker link (a trader's TradeLocker login, decision 0044): read by its owner or an admin
 * (or support), managed - accounts imported, tokens refreshed, unlinked - by its owner only.
 */
export async function loadTradeLockerLinkFor(
  ctx: AppContext,
  caller: Caller,
  linkId: string,
  access: 'read' | 'manage',
): Promise<TradeLockerLinkRow> {
  const [row] = await ctx.db.select().from(tradeLockerLinks).where(eq(tradeLockerLinks.id, linkId))
  const isAllowed =
    row !== undefined &&
    (row.userId === caller.userId ||
      (access === 'read' && hasCapability(caller.role, 'admin:read')))
  if (!isAllowed) throw new AppError('NOT_FOUND', { message: tradeLockerMessages.noSuchLink })
  return row
}

/** A linked TradeLocker account of a trader's analytics: read by its owner, an admin or support. */
export async function loadLinkedAccountFor(
  ctx: AppContext,
  caller: Caller,
  linkedAccountId: string,
): Promise<TradeLockerAccountRow> {
  const [row] = await ctx.db
    .select()
    .from(tradeLockerAccounts)
    .where(eq(tradeLockerAccounts.id, linkedAccountId))
  const isAllowed =
    row !== undefined && (row.userId === caller.userId || hasCapability(caller.role, 'admin:read'))
  if (!isAllowed) throw new AppError('NOT_FOUND', { message: tradeLockerMessages.noSuchLink })
  return row
}

/** What an audit entry is about. */
export type AuditTargetType =
  | 'trading-account'
  | 'order'
  | 'user'
  | 'coupon'
  | 'payout'
  | 'identity-check'
  | 'service-message'
  | 'economic-event'
  | 'export'

/**
 * Appends to the audit log (decision 0036): what staff did and why (an admin's risk action,
 * refund, user change, export) and every money event (order paid or refunded, payout states,
 * coupon changes). `actor` null: the system did it (a provider's notice, a job); `details.source`
 * says which. The log is only ever appended to (a trigger refuses UPDATE, DELETE and TRUNCATE).
 */
export async function recordAudit(
  ctx: Pick<AppContext, 'clock' | 'db'>,
  entry: {
    actor: Caller | null
    action: string
    targetType: AuditTargetType
    targetId: string
    reason?: string | null
    details?: Record<string, unknown>
  },
  db: Executor = ctx.db,
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actor?.userId ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    details: entry.details ?? null,
    createdAt: ctx.clock.now(),
  })
}
