import type { ImportedAccount } from '@tp/api/statement-import-schemas'
import type { StatementImportRow } from '../../db/schema'

/** A saved import as its owner's analytics list it: an account of kind "imported", read-only. */
export function toImportedAccount(
  row: Omit<StatementImportRow, 'summary' | 'trades'>,
): ImportedAccount {
  return {
    id: row.id,
    kind: 'imported',
    isTradable: false,
    name: row.fileName,
    platform: row.platform,
    login: row.login,
    currency: row.currency,
    totalTrades: row.totalTrades,
    totalNetProfit: row.totalNetProfitCents / 100,
    firstTradeAt: row.firstTradeAt?.toISOString() ?? null,
    lastTradeAt: row.lastTradeAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}
