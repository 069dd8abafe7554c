import {
  describeUnreadableStatement,
  MAX_STATEMENT_IMPORTS,
  statementImportMessages,
} from '@tp/api/statement-import'
import { type ImportedAccount } from '@tp/api/statement-import-schemas'
import { importStatement, StatementError } from '@tp/domain/statement'
import { count, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { statementImports } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { toImportedAccount } from './imported-account'

/**
 * Saves a statement the caller checked in the browser as a read-only imported account. The
 * browser's reading is not trusted: the bytes are imported again here by the same importer
 * (`@tp/domain/statement`, the CLI's `engine report`), and only its report is stored.
 */
export async function saveStatementImport(
  ctx: AppContext,
  caller: Caller,
  file: { fileName: string; bytes: Uint8Array },
): Promise<ImportedAccount> {
  let report
  try {
    report = importStatement(file.bytes)
  } catch (error) {
    if (!(error instanceof StatementError)) throw error
    const message = describeUnreadableStatement(error.code, error.message)
    throw new AppError('VALIDATION_FAILED', { message, details: [{ path: 'file', message }] })
  }

  const [saved] = await ctx.db
    .select({ count: count() })
    .from(statementImports)
    .where(eq(statementImports.userId, caller.userId))
  if ((saved?.count ?? 0) >= MAX_STATEMENT_IMPORTS) {
    throw new AppError('VALIDATION_FAILED', { message: statementImportMessages.tooManyImports })
  }

  const { trades, summary } = report
  const firstOpen = trades.reduce<string | null>(
    (first, t) => (first === null || t.openTime < first ? t.openTime : first),
    null,
  )
  const [row] = await ctx.db
    .insert(statementImports)
    .values({
      userId: caller.userId,
      fileName: file.fileName.slice(0, 255) || 'statement',
      platform: report.platform,
      login: report.account.login,
      currency: report.account.currency,
      totalTrades: trades.length,
      totalNetProfitCents: Math.round(summary.totalNetProfit * 100),
      firstTradeAt: firstOpen === null ? null : new Date(firstOpen),
      lastTradeAt: trades.length === 0 ? null : new Date(trades[trades.length - 1]!.closeTime),
      summary,
      trades,
      createdAt: ctx.clock.now(),
    })
    .returning()
  return toImportedAccount(row!)
}
