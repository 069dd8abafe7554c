import {
  closedTradesFromFills,
  decimalToCents,
  type ClosedTrade,
  type PositionFill,
} from '@tp/domain/trades'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import {
  tradeLockerAccounts,
  type TradeLockerAccountRow,
  type TradeLockerLinkRow,
} from '../../db/schema'
import type {
  TradeLockerAccount,
  TradeLockerInstrument,
  TradeLockerRow,
} from '../../integrations/tradelocker/tradelocker-client'
import { tradeLockerClientOf } from './tradelocker-links'

/** Fills reported late are still found: each import reads again this far before the last one. */
const HISTORY_OVERLAP_MS = 10 * 60_000

const text = (value: TradeLockerRow[string] | undefined): string =>
  value === null || value === undefined ? '' : String(value)

/**
 * The filled orders of an order history's decoded rows (contract 5.3: status Filled, compared
 * case-insensitively; other statuses skipped), each with its position, instrument name,
 * filled quantity, average price and fill time (lastModified, else createdDate).
 */
export function fillsFromHistory(
  rows: readonly TradeLockerRow[],
  instrumentName: (tradableInstrumentId: string) => string,
): PositionFill[] {
  const fills: PositionFill[] = []
  for (const row of rows) {
    if (text(row.status).toLowerCase() !== 'filled') continue
    const positionId = text(row.positionId)
    const side = text(row.side).toLowerCase()
    const qty = text(row.filledQty) || text(row.qty)
    const price = text(row.avgPrice)
    const timeMs = Number(text(row.lastModified) || text(row.createdDate))
    if (!positionId || (side !== 'buy' && side !== 'sell') || !qty || !price) continue
    if (!Number.isFinite(timeMs) || Number(qty) <= 0) continue
    fills.push({
      orderId: text(row.id),
      positionId,
      symbol: instrumentName(text(row.tradableInstrumentId)),
      side,
      qty,
      price,
      timeMs,
    })
  }
  return fills
}

/**
 * Reads one TradeLocker account's balance and new order history and folds the new fills into its
 * closed trades (decision 0044). Creates the linked account on its first import.
 */
export async function syncLinkedAccount(
  ctx: AppContext,
  link: TradeLockerLinkRow,
  accessToken: string,
  account: TradeLockerAccount,
  existing: TradeLockerAccountRow | null,
): Promise<TradeLockerAccountRow> {
  const client = tradeLockerClientOf(ctx)
  const environment = link.accountType
  const session = { accessToken, accNum: account.accNum }
  const nowMs = ctx.clock.now().getTime()
  const config = await client.config(environment, session)
  const instruments = await client.instruments(environment, session, account.id)
  const state = await client.accountState(environment, session, account.id, config)
  const fromMs = existing ? Math.max(0, existing.importedThroughMs - HISTORY_OVERLAP_MS) : 0
  const rows = await client.ordersHistory(environment, session, account.id, config, {
    fromMs,
    toMs: nowMs,
  })
  const byId = new Map(
    instruments.map((instrument) => [instrument.tradableInstrumentId, instrument]),
  )
  const fresh = fillsFromHistory(rows, (id) => byId.get(id)?.name ?? `#${id}`)

  const previousTrades: ClosedTrade[] = existing?.trades ?? []
  const closedIds = new Set(previousTrades.map((trade) => trade.id))
  const pending = existing?.openFills ?? []
  const seenOrders = new Set(pending.map((fill) => fill.orderId))
  const merged = [
    ...pending,
    ...fresh.filter((fill) => !closedIds.has(fill.positionId) && !seenOrders.has(fill.orderId)),
  ]
  // the lot size (contract size) as the broker gives it: the instruments list, else the
  // instrument's details; none: its positions are not priced yet (kept open, decision 0049)
  const lotSizes = await lotSizesOf(
    ctx,
    instruments.filter((instrument) => merged.some((fill) => fill.symbol === instrument.name)),
    (instrument) => client.instrumentLotSize(environment, session, instrument),
  )
  const { trades: closedNow, openFills } = closedTradesFromFills(
    merged,
    (symbol) => lotSizes.get(symbol) ?? null,
  )
  const trades = [...previousTrades, ...closedNow].sort(
    (a, b) => a.closeTime.localeCompare(b.closeTime) || a.id.localeCompare(b.id),
  )
  const balance = state.balance ?? account.balance
  const values = {
    accNum: account.accNum,
    name: account.name || `#${account.id}`,
    currency: account.currency,
    balanceCents: decimalToCents(String(balance)),
    trades,
    openFills,
    totalTrades: trades.length,
    totalNetProfitCents: trades.reduce((sum, trade) => sum + decimalToCents(trade.profit), 0),
    importedThroughMs: nowMs,
    lastImportedAt: new Date(nowMs),
  }
  if (existing) {
    const [row] = await ctx.db
      .update(tradeLockerAccounts)
      .set(values)
      .where(eq(tradeLockerAccounts.id, existing.id))
      .returning()
    return row!
  }
  const [row] = await ctx.db
    .insert(tradeLockerAccounts)
    .values({
      linkId: link.id,
      userId: link.userId,
      tradeLockerId: account.id,
      createdAt: new Date(nowMs),
      ...values,
    })
    .onConflictDoUpdate({
      target: [tradeLockerAccounts.linkId, tradeLockerAccounts.tradeLockerId],
      set: values,
    })
    .returning()
  return row!
}

/**
 * Each instrument's lot size by name: from the list when it says, else from the instrument's
 * details; null when the broker gives none (logged: those positions wait, unpriced).
 */
async function lotSizesOf(
  ctx: AppContext,
  instruments: readonly TradeLockerInstrument[],
  details: (instrument: TradeLockerInstrument) => Promise<string | null>,
): Promise<Map<string, string | null>> {
  const sizes = new Map<string, string | null>()
  for (const instrument of instruments) {
    let size = instrument.lotSize
    if (size === null) {
      try {
        size = await details(instrument)
      } catch (error) {
        ctx.logger.warn(
          { err: error, instrument: instrument.tradableInstrumentId },
          'TradeLocker: instrument details not read',
        )
      }
    }
    if (size === null) {
      ctx.logger.warn(
        { instrument: instrument.tradableInstrumentId, name: instrument.name },
        'TradeLocker: no lot size for the instrument; its positions are not priced',
      )
    }
    sizes.set(instrument.name, size)
  }
  return sizes
}

/** Imports again every linked account of a link (the job's second half), with a fresh token. */
export async function syncLink(
  ctx: AppContext,
  link: TradeLockerLinkRow,
  accessToken: string,
): Promise<number> {
  const accounts = await ctx.db
    .select()
    .from(tradeLockerAccounts)
    .where(eq(tradeLockerAccounts.linkId, link.id))
  if (accounts.length === 0) return 0
  const offered = await tradeLockerClientOf(ctx).allAccounts(link.accountType, accessToken)
  let synced = 0
  for (const row of accounts) {
    const account = offered.find((candidate) => candidate.id === row.tradeLockerId)
    if (!account) continue
    await syncLinkedAccount(ctx, link, accessToken, account, row)
    synced += 1
  }
  return synced
}
