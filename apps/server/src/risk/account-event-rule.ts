import { getPlanPolicy, type PlanKey, type PlanPolicy } from '@tp/domain'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { tradingAccounts } from '../db/schema'
import {
  platformKindOf,
  type AccountEvent,
  type PlatformKind,
  type PlatformPosition,
} from '../integrations/trading-platform/trading-platform'

/** What a rule checked after the fact needs of an account (its plan is fixed for its life). */
export type RuledAccount = {
  id: string
  userId: string
  login: string | null
  externalId: string
  adapter: PlatformKind
  policy: PlanPolicy
}

/**
 * A firm rule checked against the platform's account events, beside the risk monitor and never
 * on its tick path (the news rule, decision 0037; the firm's policy on real MetaTrader servers,
 * 0045). This holds what both share: the subscription, one serial queue (tests wait on `idle`),
 * each account read once, and the first-sight sweep: a polled platform (MT5 Web API, MetaApi)
 * reports the positions already open at its first read as its baseline, never as opened, so the
 * first equity event of such an account checks what it holds. The simulated server reports every
 * opening itself: its accounts' equity (every tick) is dropped at once, with no database read.
 */
export abstract class AccountEventRule {
  private unsubscribe: (() => void) | null = null
  private readonly accounts = new Map<string, RuledAccount>()
  private readonly swept = new Set<string>()
  private queue: Promise<void> = Promise.resolve()

  constructor(
    protected readonly ctx: AppContext,
    /** names the rule in the log */
    private readonly name: string,
  ) {}

  start(): void {
    this.unsubscribe = this.ctx.trading.platform.subscribe((externalId, event) =>
      this.onAccountEvent(externalId, event),
    )
  }

  stop(): void {
    this.unsubscribe?.()
    this.unsubscribe = null
  }

  /** Resolves once every event seen so far has been checked (tests wait on it). */
  idle(): Promise<void> {
    return this.queue
  }

  onAccountEvent(externalId: string, event: AccountEvent): void {
    const isSimulated = this.ctx.trading.router.kindOf(externalId) === 'simulated'
    if (event.type === 'equity') {
      if (isSimulated || this.swept.has(externalId)) return
      this.swept.add(externalId)
      this.enqueue(externalId, async () => {
        const account = await this.accountOf(externalId)
        if (!account) {
          this.swept.delete(externalId) // not provisioned yet: at its next equity
          return
        }
        await this.checkOpenPositions(
          account,
          await this.ctx.trading.platform.listPositions(externalId),
        )
      })
      return
    }
    this.onTradeEvent(externalId, event, isSimulated)
  }

  /** The account's positions at first sight (a polled platform's accounts only). */
  protected abstract checkOpenPositions(
    account: RuledAccount,
    positions: PlatformPosition[],
  ): Promise<void>

  /** Any other event of an account (openings, closings, stop-outs...). */
  protected abstract onTradeEvent(
    externalId: string,
    event: Exclude<AccountEvent, { type: 'equity' }>,
    isSimulated: boolean,
  ): void

  protected enqueue(externalId: string, work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      this.ctx.logger.error({ err: error, externalId }, `${this.name} check failed`)
    })
  }

  /** The account of a platform id, read once (null while it is not provisioned yet). */
  protected async accountOf(externalId: string): Promise<RuledAccount | null> {
    const known = this.accounts.get(externalId)
    if (known) return known
    const [row] = await this.ctx.db
      .select({
        id: tradingAccounts.id,
        userId: tradingAccounts.userId,
        login: tradingAccounts.login,
        adapter: tradingAccounts.adapter,
        planKey: tradingAccounts.planKey,
        version: tradingAccounts.rulebookVersion,
      })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.externalId, externalId))
    if (!row) return null
    const account: RuledAccount = {
      id: row.id,
      userId: row.userId,
      login: row.login,
      externalId,
      adapter: platformKindOf(row.adapter),
      policy: getPlanPolicy(row.planKey as PlanKey, row.version),
    }
    this.accounts.set(externalId, account)
    return account
  }
}
