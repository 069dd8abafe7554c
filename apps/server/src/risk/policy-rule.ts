import type { PolicyAction, PolicyRule as PolicyRuleKind } from '@tp/api/policy-violations'
import {
  checkMarketHours,
  checkVolume,
  findInstrument,
  getPlanPolicy,
  volumeLimits,
  type PlanKey,
  type PlanPolicy,
} from '@tp/domain'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { policyViolations, tradingAccounts } from '../db/schema'
import type {
  AccountEvent,
  PlatformPosition,
} from '../integrations/trading-platform/trading-platform'
import { platformKindOf } from '../integrations/trading-platform/trading-platform'
import { sendEmailJob } from '../jobs/send-email'
import { findUserById } from '../modules/users/find-user'
import { policyViolationEmail } from './policy-rule-email'

// The firm's policy after the fact (decision 0045). On the simulated server the app refuses an
// order the firm's rules forbid before it reaches the platform (decision 0018); on a real MT server
// traders trade in MetaTrader itself, so the app checks each position the platform reports opened
// against the same rules (@tp/domain's checkVolume and checkMarketHours, one source of truth with
// the terminal's pre-trade checks) and acts:
//   lot cap       above the plan's maximum per order: closed by the firm (reason 'policy') where the
//                 manager rights allow, else trading disabled on the platform and the row
//   market hours  opened while the firm's calendar says the market is closed: recorded (the market
//                 is closed: there is nothing to close it at)
// Each is recorded once per (account, rule, position) with its evidence, and the trader emailed.
// It listens beside the risk monitor like the news rule (never on its tick path: an equity event
// costs one set look-up; the first one of an account checks the positions it already holds, since
// polling's first sight reports none as opened) and ignores accounts on the simulated server.

type RuledAccount = {
  id: string
  userId: string
  login: string | null
  externalId: string
  policy: PlanPolicy
}

export class PolicyRule {
  private unsubscribe: (() => void) | null = null
  private readonly accounts = new Map<string, RuledAccount | null>()
  /** accounts whose open positions were checked at first sight */
  private readonly swept = new Set<string>()
  private queue: Promise<void> = Promise.resolve()

  constructor(private readonly ctx: AppContext) {}

  start(): void {
    this.unsubscribe = this.ctx.trading.platform.subscribe((externalId, event) =>
      this.onAccountEvent(externalId, event),
    )
  }

  stop(): void {
    this.unsubscribe?.()
    this.unsubscribe = null
  }

  /** Resolves once every position seen so far has been checked (tests wait on it). */
  idle(): Promise<void> {
    return this.queue
  }

  onAccountEvent(externalId: string, event: AccountEvent): void {
    // the simulated server refuses what breaks the policy before it trades (decision 0018): its
    // accounts' events (every tick's equity) are dropped here, with no database read
    if (this.ctx.trading.router.kindOf(externalId) === 'simulated') return
    if (event.type === 'equity') {
      // the first sight of an account (polling's baseline: positions already open then, e.g.
      // opened while the app was down, are never reported as opened): check what it holds
      if (this.swept.has(externalId)) return
      this.swept.add(externalId)
      this.enqueue(externalId, () => this.sweep(externalId))
      return
    }
    if (event.type !== 'position-opened' && event.type !== 'order-filled') return
    const position = event.position
    this.enqueue(externalId, () => this.check(externalId, position))
  }

  private enqueue(externalId: string, work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      this.ctx.logger.error({ err: error, externalId }, 'policy rule check failed')
    })
  }

  /** Every open position of an account seen for the first time (each recorded once at most). */
  private async sweep(externalId: string): Promise<void> {
    const account = await this.accountOf(externalId)
    if (!account) {
      // not provisioned yet (asked again at its next equity), or on the simulated server
      if (!this.accounts.has(externalId)) this.swept.delete(externalId)
      return
    }
    for (const position of await this.ctx.trading.platform.listPositions(externalId)) {
      await this.check(externalId, position)
    }
  }

  private async accountOf(externalId: string): Promise<RuledAccount | null> {
    if (this.accounts.has(externalId)) return this.accounts.get(externalId) ?? null
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
    if (!row) return null // not provisioned yet: asked again next time
    // the simulated server is the app's own: its orders passed the firm's checks before it (0018)
    const account =
      platformKindOf(row.adapter) === 'simulated'
        ? null
        : {
            id: row.id,
            userId: row.userId,
            login: row.login,
            externalId,
            policy: getPlanPolicy(row.planKey as PlanKey, row.version),
          }
    this.accounts.set(externalId, account)
    return account
  }

  private async check(externalId: string, position: PlatformPosition): Promise<void> {
    const account = await this.accountOf(externalId)
    if (!account) return
    const instrument = findInstrument(position.symbol)
    if (!instrument) return // not in the firm's catalogue: no rule of ours names it
    const volumeIssue = checkVolume(instrument, position.volume, account.policy)
    if (volumeIssue?.code === 'volume-above-maximum') {
      const cap = volumeLimits(instrument, account.policy).max
      await this.enforce(account, 'lot-cap', position, cap, () =>
        this.closeOrDisable(account, position),
      )
    }
    if (checkMarketHours(instrument, position.openTimeMs)) {
      await this.enforce(account, 'market-hours', position, null, async () => 'none')
    }
  }

  /** Closes the position for the firm; where the platform will not, disables trading instead. */
  private async closeOrDisable(
    account: RuledAccount,
    position: PlatformPosition,
  ): Promise<PolicyAction> {
    const platform = this.ctx.trading.platform
    try {
      const result = await platform.closePosition(account.externalId, position.id, null, 'policy')
      if (result.ok) return 'closed'
      this.ctx.logger.warn({ accountId: account.id, issues: result.issues }, 'policy close refused')
    } catch (error) {
      this.ctx.logger.warn({ err: error, accountId: account.id }, 'policy close failed')
    }
    await platform.setTradingEnabled(account.externalId, false)
    await this.ctx.db
      .update(tradingAccounts)
      .set({ isTradingEnabled: false })
      .where(eq(tradingAccounts.id, account.id))
    return 'trading-disabled'
  }

  /**
   * Records the violation (once: a replayed event finds it there and does nothing more), then
   * acts, stores what was done and emails the trader.
   */
  private async enforce(
    account: RuledAccount,
    rule: PolicyRuleKind,
    position: PlatformPosition,
    limitVolume: number | null,
    act: () => Promise<PolicyAction>,
  ): Promise<void> {
    await recordPolicyViolation(this.ctx, account, rule, position, limitVolume, act)
  }
}

/**
 * One violation of a firm rule by a position on a platform the app does not run: claimed once by
 * (account, rule, position), acted on, its action stored, the owner emailed. Shared with the
 * weekend close (a position it could not close before the weekend). Answers whether it was new.
 */
export async function recordPolicyViolation(
  ctx: AppContext,
  account: { id: string; userId: string; login: string | null },
  rule: PolicyRuleKind,
  position: Pick<PlatformPosition, 'id' | 'symbol' | 'side' | 'volume' | 'openTimeMs'>,
  limitVolume: number | null,
  act: () => Promise<PolicyAction>,
): Promise<boolean> {
  const [claimed] = await ctx.db
    .insert(policyViolations)
    .values({
      accountId: account.id,
      rule,
      positionId: position.id,
      symbol: position.symbol,
      side: position.side,
      volume: position.volume,
      limitVolume,
      tradeTime: new Date(position.openTimeMs),
      action: 'none',
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: policyViolations.id })
  if (!claimed) return false
  const action = await act()
  if (action !== 'none') {
    await ctx.db.update(policyViolations).set({ action }).where(eq(policyViolations.id, claimed.id))
  }
  ctx.logger.info(
    { accountId: account.id, rule, positionId: position.id, action },
    'policy violation recorded',
  )
  const owner = await findUserById(ctx.db, account.userId)
  if (!owner) return true
  const lots = (n: number) => String(n / 100)
  await ctx.jobs.enqueue(
    sendEmailJob,
    policyViolationEmail(owner.email, {
      login: account.login ?? '',
      rule,
      action,
      symbol: position.symbol,
      side: position.side,
      lots: lots(position.volume),
      capLots: limitVolume === null ? null : lots(limitVolume),
      openTime: new Date(position.openTimeMs).toISOString().slice(0, 19).replace('T', ' '),
      appUrl: ctx.env.APP_URL,
    }),
  )
  return true
}
