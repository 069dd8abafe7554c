import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { PendingOrderType, Side } from '@tp/domain'
import type { Database } from '../../../db/client'
import { preparedPerDatabase } from '../../../db/prepared'
import {
  simAccounts,
  simDeals,
  simOrders,
  simPositions,
  type SimAccountRow,
  type SimDealRow,
} from '../../../db/schema'
import type { Logger } from '../../../lib/logger'
import type { CloseReason, PlatformClosedTrade, PlatformDeal } from '../trading-platform'
import type { SimAccount, SimOrder, SimPosition, SimWrite } from './sim-engine'

// The simulated server's books in the database. The engine changes its memory synchronously and
// hands the store the writes; the store applies each account's writes in order, one transaction
// per engine operation, so the database always holds a state the engine was in. On start the
// books are loaded back into memory.

const TICKET_BLOCK = 1_000

/** The first page of an account's closing deals (the history's hot read), built once. */
const latestClosingDeals = preparedPerDatabase((db) =>
  db
    .select()
    .from(simDeals)
    .where(and(eq(simDeals.accountId, sql.placeholder('accountId')), eq(simDeals.entry, 'out')))
    .orderBy(desc(simDeals.timeMs), desc(simDeals.id))
    .limit(sql.placeholder('limit'))
    .prepare('tp_latest_closing_deals'),
)

export class SimStore {
  private readonly chains = new Map<string, Promise<void>>()
  private readonly pending = new Set<Promise<void>>()
  /** reserved ticket ranges, first = in use */
  private readonly blocks: { next: number; last: number }[] = []
  private refill: Promise<void> | null = null

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  /** Reserves the first block of tickets; call before the engine runs. */
  async start(): Promise<void> {
    await this.reserveTickets()
  }

  /**
   * The next ticket, from blocks reserved in the database sequence (shared by orders, positions
   * and deals, as in MT5), so a restart never hands out a ticket twice. The next block is reserved
   * in the background while half of the current one is left.
   */
  nextTicket(): string {
    let block = this.blocks[0]
    while (block !== undefined && block.next > block.last) {
      this.blocks.shift()
      block = this.blocks[0]
    }
    if (block === undefined) throw new Error('no ticket reserved: the next block is late')
    const ticket = block.next++
    const left = this.blocks.reduce((sum, b) => sum + (b.last - b.next + 1), 0)
    if (left < TICKET_BLOCK / 2 && this.refill === null) {
      this.refill = this.reserveTickets()
        .catch((error: unknown) => this.logger.error({ err: error }, 'ticket reservation failed'))
        .finally(() => (this.refill = null))
    }
    return String(ticket)
  }

  private async reserveTickets(): Promise<void> {
    const result = await this.db.execute<{ last: string }>(
      sql`select setval('sim_ticket_seq', nextval('sim_ticket_seq') + ${TICKET_BLOCK - 1}) as last`,
    )
    const last = Number(result.rows[0]!.last)
    this.blocks.push({ next: last - TICKET_BLOCK + 1, last })
  }

  async loadAccounts(): Promise<SimAccount[]> {
    const accountRows = await this.db.select().from(simAccounts)
    if (accountRows.length === 0) return []
    const positionRows = await this.db.select().from(simPositions)
    const orderRows = await this.db.select().from(simOrders)
    const accounts = new Map(accountRows.map((row) => [row.id, toAccount(row)]))
    for (const row of positionRows) {
      accounts.get(row.accountId)?.positions.set(String(row.id), {
        id: String(row.id),
        symbol: row.symbol,
        side: row.side as Side,
        volume: row.volume,
        initialVolume: row.initialVolume,
        openPrice: row.openPrice,
        openTimeMs: row.openTimeMs,
        stopLoss: row.stopLoss,
        takeProfit: row.takeProfit,
        swap: row.swap,
        commission: row.commission,
        realizedProfit: row.realizedProfit,
        realizedSwap: row.realizedSwap,
      })
    }
    for (const row of orderRows) {
      accounts.get(row.accountId)?.orders.set(String(row.id), {
        id: String(row.id),
        symbol: row.symbol,
        type: row.type as PendingOrderType,
        volume: row.volume,
        price: row.price,
        stopLoss: row.stopLoss,
        takeProfit: row.takeProfit,
        createdAtMs: row.createdAtMs,
      })
    }
    return [...accounts.values()]
  }

  /** Queues an operation's writes behind the account's earlier ones. */
  persist(accountId: string, writes: SimWrite[]): void {
    const previous = this.chains.get(accountId) ?? Promise.resolve()
    const next = previous.then(() => this.apply(accountId, writes))
    const settled = next.catch((error: unknown) => {
      this.logger.error({ err: error, accountId }, 'simulated server: a write failed')
    })
    this.chains.set(accountId, settled)
    this.pending.add(settled)
    void settled.finally(() => {
      this.pending.delete(settled)
      if (this.chains.get(accountId) === settled) this.chains.delete(accountId)
    })
  }

  /** Resolves once every queued write is in the database. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending])
    await this.refill
  }

  /**
   * One operation's writes as one statement (data-modifying CTEs: atomic, like a transaction): a
   * transaction of several round trips would hold the database - on PGlite every other query -
   * across as many turns of an event loop that ticks keep busy (a breach's closes queued the
   * evidence behind them, decision 0023). Writes touching one row twice keep a transaction.
   */
  private async apply(accountId: string, writes: SimWrite[]): Promise<void> {
    const targets = new Set(writes.map((write) => targetOf(write)))
    if (targets.size < writes.length) {
      await this.db.transaction(async (tx) => {
        for (const write of writes) await tx.execute(this.statementOf(accountId, write))
      })
      return
    }
    if (writes.length === 1) {
      await this.db.execute(this.statementOf(accountId, writes[0]!))
      return
    }
    const parts = writes.map(
      (write, i) => sql`${sql.raw(`w${i}`)} as (${this.statementOf(accountId, write)})`,
    )
    await this.db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`)
  }

  private statementOf(accountId: string, write: SimWrite): SQL {
    const db = this.db
    switch (write.kind) {
      case 'account':
        return db
          .update(simAccounts)
          .set({ balance: write.balance, isTradingEnabled: write.isTradingEnabled })
          .where(eq(simAccounts.id, accountId))
          .getSQL()
      case 'leverage':
        return db
          .update(simAccounts)
          .set({ leverage: write.leverage })
          .where(eq(simAccounts.id, accountId))
          .getSQL()
      case 'position': {
        const values = positionValues(accountId, write.position)
        return db
          .insert(simPositions)
          .values(values)
          .onConflictDoUpdate({ target: simPositions.id, set: values })
          .getSQL()
      }
      case 'position-deleted':
        return db
          .delete(simPositions)
          .where(eq(simPositions.id, Number(write.id)))
          .getSQL()
      case 'order': {
        const values = orderValues(accountId, write.order)
        return db
          .insert(simOrders)
          .values(values)
          .onConflictDoUpdate({ target: simOrders.id, set: values })
          .getSQL()
      }
      case 'order-deleted':
        return db
          .delete(simOrders)
          .where(eq(simOrders.id, Number(write.id)))
          .getSQL()
      case 'deal':
        return db
          .insert(simDeals)
          .values({
            id: Number(write.deal.id),
            accountId,
            positionId: write.deal.positionId === null ? null : Number(write.deal.positionId),
            entry: write.deal.entry,
            symbol: write.deal.symbol,
            side: write.deal.side,
            volume: write.deal.volume,
            price: write.deal.price,
            openPrice: write.deal.openPrice,
            openTimeMs: write.deal.openTimeMs,
            timeMs: write.deal.timeMs,
            profit: write.deal.profit,
            swap: write.deal.swap,
            commission: write.deal.commission,
            reason: write.deal.reason,
            balanceAfter: write.deal.balanceAfter,
          })
          .getSQL()
    }
  }

  async closedTrades(
    accountId: string,
    options: { beforeMs?: number; beforeId?: string; limit: number },
  ): Promise<{ trades: PlatformClosedTrade[]; hasMore: boolean }> {
    await this.chains.get(accountId)
    const rows = await (options.beforeMs === undefined
      ? latestClosingDeals(this.db).execute({ accountId, limit: options.limit + 1 })
      : this.closingDealsBefore(accountId, options.beforeMs, options.beforeId, options.limit))
    return {
      trades: rows.slice(0, options.limit).map((row) => ({
        id: String(row.id),
        positionId: String(row.positionId),
        symbol: row.symbol!,
        side: row.side as Side,
        volume: row.volume!,
        openPrice: row.openPrice!,
        closePrice: row.price!,
        openTimeMs: row.openTimeMs!,
        closeTimeMs: row.timeMs,
        profit: row.profit,
        swap: row.swap,
        commission: row.commission,
        reason: row.reason as CloseReason,
      })),
      hasMore: rows.length > options.limit,
    }
  }

  private closingDealsBefore(
    accountId: string,
    beforeMs: number,
    beforeId: string | undefined,
    limit: number,
  ) {
    return this.db
      .select()
      .from(simDeals)
      .where(
        and(
          eq(simDeals.accountId, accountId),
          eq(simDeals.entry, 'out'),
          beforeId === undefined
            ? lt(simDeals.timeMs, beforeMs)
            : or(
                lt(simDeals.timeMs, beforeMs),
                and(eq(simDeals.timeMs, beforeMs), lt(simDeals.id, Number(beforeId))),
              ),
        ),
      )
      .orderBy(desc(simDeals.timeMs), desc(simDeals.id))
      .limit(limit + 1)
  }

  /** Every deal in [fromMs, toMs), oldest first (time, then ticket), a page at a time. */
  async deals(
    accountId: string,
    options: { fromMs: number; toMs: number; offset: number; limit: number },
  ): Promise<{ deals: PlatformDeal[]; hasMore: boolean }> {
    await this.chains.get(accountId)
    const rows = await this.db
      .select()
      .from(simDeals)
      .where(
        and(
          eq(simDeals.accountId, accountId),
          gte(simDeals.timeMs, options.fromMs),
          lt(simDeals.timeMs, options.toMs),
        ),
      )
      .orderBy(asc(simDeals.timeMs), asc(simDeals.id))
      .offset(options.offset)
      .limit(options.limit + 1)
    return {
      deals: rows.slice(0, options.limit).map(toPlatformDeal),
      hasMore: rows.length > options.limit,
    }
  }

  async findByRequestId(requestId: string): Promise<SimAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(simAccounts)
      .where(eq(simAccounts.requestId, requestId))
    return row
  }

  async insertAccount(
    values: Omit<typeof simAccounts.$inferInsert, 'login'>,
  ): Promise<{ row: SimAccountRow; isNew: boolean }> {
    const [created] = await this.db
      .insert(simAccounts)
      .values({ ...values, login: sql`nextval('sim_login_seq')` })
      .onConflictDoNothing({ target: simAccounts.requestId })
      .returning()
    if (created) return { row: created, isNew: true }
    return { row: (await this.findByRequestId(values.requestId))!, isNew: false }
  }

  async setPasswordHash(accountId: string, column: 'main' | 'investor', hash: string) {
    await this.db
      .update(simAccounts)
      .set(column === 'main' ? { passwordHash: hash } : { investorPasswordHash: hash })
      .where(eq(simAccounts.id, accountId))
  }

  async accountRows(ids: string[]): Promise<SimAccountRow[]> {
    if (ids.length === 0) return []
    return this.db.select().from(simAccounts).where(inArray(simAccounts.id, ids))
  }
}

export function toAccount(row: SimAccountRow): SimAccount {
  return {
    id: row.id,
    login: String(row.login),
    server: row.server,
    leverage: row.leverage,
    limits: {
      maxLotsPerForexOrder: row.maxLotsPerForexOrder,
      marginCallPercent: row.marginCallPercent,
      stopOutPercent: row.stopOutPercent,
    },
    balance: row.balance,
    isTradingEnabled: row.isTradingEnabled,
    positions: new Map(),
    orders: new Map(),
    overrides: null,
    isMarginCall: false,
    lastEmittedBalance: row.balance,
    lastEmittedEquity: row.balance,
    dependencies: new Set(),
  }
}

/** A stored deal as the platform reports it: the deal's own direction, as MetaTrader's. */
function toPlatformDeal(row: SimDealRow): PlatformDeal {
  const side = row.side as Side | null
  const type: PlatformDeal['type'] =
    row.entry === 'balance' || side === null
      ? 'balance'
      : row.entry === 'in'
        ? side
        : side === 'buy'
          ? 'sell'
          : 'buy'
  return {
    id: String(row.id),
    entry: row.entry as PlatformDeal['entry'],
    positionId: row.positionId === null ? null : String(row.positionId),
    symbol: row.symbol,
    type,
    volume: row.volume,
    price: row.price,
    timeMs: row.timeMs,
    profit: row.profit,
    swap: row.swap,
    commission: row.commission,
    reason: row.reason as PlatformDeal['reason'],
  }
}

function positionValues(accountId: string, position: SimPosition) {
  return {
    id: Number(position.id),
    accountId,
    symbol: position.symbol,
    side: position.side,
    volume: position.volume,
    initialVolume: position.initialVolume,
    openPrice: position.openPrice,
    openTimeMs: position.openTimeMs,
    stopLoss: position.stopLoss,
    takeProfit: position.takeProfit,
    swap: position.swap,
    commission: position.commission,
    realizedProfit: position.realizedProfit,
    realizedSwap: position.realizedSwap,
  }
}

function orderValues(accountId: string, order: SimOrder) {
  return {
    id: Number(order.id),
    accountId,
    symbol: order.symbol,
    type: order.type,
    volume: order.volume,
    price: order.price,
    stopLoss: order.stopLoss,
    takeProfit: order.takeProfit,
    createdAtMs: order.createdAtMs,
  }
}

/** The row a write touches: two writes of one operation on one row need a transaction. */
function targetOf(write: SimWrite): string {
  switch (write.kind) {
    case 'account':
    case 'leverage':
      return 'account'
    case 'position':
      return `position/${write.position.id}`
    case 'position-deleted':
      return `position/${write.id}`
    case 'order':
      return `order/${write.order.id}`
    case 'order-deleted':
      return `order/${write.id}`
    case 'deal':
      return `deal/${write.deal.id}`
  }
}
