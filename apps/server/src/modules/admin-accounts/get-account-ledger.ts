import { count, desc, eq } from 'drizzle-orm'
import type { LedgerEvent } from '@tp/api'
import type { AppContext } from '../../context'
import { evaluationEvents } from '../../db/schema'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'

/** One page of the account's evaluation ledger (what the live evaluator was fed), newest first. */
export async function getAccountLedger(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; page: number; pageSize: number },
) {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'read')
  await ctx.trading.risk.flush()
  const [events, counted] = await Promise.all([
    ctx.db
      .select()
      .from(evaluationEvents)
      .where(eq(evaluationEvents.accountId, row.id))
      .orderBy(desc(evaluationEvents.seq))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db
      .select({ total: count() })
      .from(evaluationEvents)
      .where(eq(evaluationEvents.accountId, row.id)),
  ])
  return {
    events: events.map((event): LedgerEvent => ({
      seq: event.seq,
      kind: event.kind,
      t: new Date(event.tMs).toISOString(),
      balanceCents: event.balance,
      equityCents: event.equity,
      tradeId: event.tradeId,
      symbol: event.symbol,
      side: event.side,
      profitCents: event.profit,
    })),
    page: input.page,
    pageSize: input.pageSize,
    total: Number(counted[0]?.total ?? 0),
  }
}
