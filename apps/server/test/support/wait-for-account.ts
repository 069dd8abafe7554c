import { eq } from 'drizzle-orm'
import type { Database } from '../../src/db/client'
import { tradingAccounts, type TradingAccountRow } from '../../src/db/schema'
import { waitFor } from './wait-for'

/**
 * Waits until the account's row has the status (a breach the risk monitor stores in the
 * background: 'failed'), and answers the row.
 */
export function waitForAccountStatus(
  db: Database,
  accountId: string,
  status: TradingAccountRow['status'],
  options: { timeoutMs?: number; what?: string } = {},
): Promise<TradingAccountRow> {
  return waitFor(
    async () => {
      const [row] = await db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId))
      return row?.status === status ? row : undefined
    },
    {
      what: options.what ?? `the account ${status}`,
      timeoutMs: options.timeoutMs ?? 15_000,
    },
  )
}
