import { adminAccountMessages, type AdminAccountActionResponse } from '@tp/api'
import { evaluate, type VerdictStatus } from '@tp/domain'
import type { AppContext } from '../../context'
import type { TradingAccountRow } from '../../db/schema'
import { sendEmailJob } from '../../jobs/send-email'
import { AppError } from '../../lib/errors'
import type { MonitoredAccount } from '../../risk/risk-monitor'
import type { Caller } from '../access/authenticate'
import { loadAccountFor, recordAudit } from '../access/access-policy'
import { findUserById } from '../users/find-user'
import { buildEngineInput } from '../trading/engine-input'
import { adminAccountActionEmail, type AdminAccountAction } from './admin-account-emails'

// What the manual actions share: the audit actions of the overrides (read back beside the
// replayed verdict), the engine's verdict at the moment of an override, and the audit + email.

export const MANUAL_PASS = 'account.manual-pass'
export const MANUAL_FAIL = 'account.manual-fail'

/** The engine's verdict on the account's export now (what `npm run engine -- evaluate` says). */
export async function engineStatusOf(
  ctx: AppContext,
  row: TradingAccountRow,
): Promise<VerdictStatus> {
  const input = await buildEngineInput(ctx, row)
  return evaluate(input.rules, input.history).status
}

export async function recordAccountAction(
  ctx: AppContext,
  caller: Caller,
  row: TradingAccountRow,
  entry: {
    action: AdminAccountAction
    auditAction: string
    reason: string
    details: Record<string, unknown>
    leverage?: number
  },
): Promise<void> {
  await recordAudit(ctx, {
    actor: caller,
    action: entry.auditAction,
    targetType: 'trading-account',
    targetId: row.id,
    reason: entry.reason,
    details: { login: row.login, ...entry.details },
  })
  const owner = await findUserById(ctx.db, row.userId)
  if (!owner) return
  await ctx.jobs.enqueue(
    sendEmailJob,
    adminAccountActionEmail(owner.email, {
      action: entry.action,
      stage: row.stage,
      login: row.login ?? '',
      reason: entry.reason,
      ...(entry.leverage === undefined ? {} : { leverage: entry.leverage }),
      appUrl: ctx.env.APP_URL,
    }),
  )
}

type Answer = (message: string, status?: TradingAccountRow['status']) => AdminAccountActionResponse

/**
 * The account a manual pass or fail acts on: an active, monitored one (409 otherwise), or the
 * answer to give at once when it was already passed or failed (a second click changes nothing).
 */
export async function loadUndecidedAccount(
  ctx: AppContext,
  caller: Caller,
  accountId: string,
): Promise<
  | { decided: AdminAccountActionResponse }
  | {
      decided: null
      row: TradingAccountRow
      externalId: string
      monitored: MonitoredAccount
      answer: Answer
    }
> {
  const row = await loadAccountFor(ctx, caller, accountId, 'manage')
  const answer: Answer = (message, status = row.status) => ({
    accountId: row.id,
    status,
    leverage: row.leverage,
    message,
  })
  if (row.status === 'passed' || row.status === 'failed') {
    return { decided: answer(adminAccountMessages.alreadyDecided) }
  }
  const monitored = ctx.trading.risk.get(row.id)
  if (row.status !== 'active' || !row.externalId || !monitored) {
    throw new AppError('ACCOUNT_NOT_TRADABLE', { message: adminAccountMessages.notActive })
  }
  return { decided: null, row, externalId: row.externalId, monitored, answer }
}
