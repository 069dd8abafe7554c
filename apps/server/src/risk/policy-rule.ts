import type { PolicyAction, PolicyRule as PolicyRuleKind } from '@tp/api/policy-violations'
import { checkMarketHours, checkVolume, findInstrument, volumeLimits } from '@tp/domain'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { policyViolations, tradingAccounts } from '../db/schema'
import {
  PlatformNotFoundError,
  type AccountEvent,
  type PlatformPosition,
} from '../integrations/trading-platform/trading-platform'
import { sendEmailJob } from '../jobs/send-email'
import { findUserById } from '../modules/users/find-user'
import { AccountEventRule, type RuledAccount } from './account-event-rule'
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

export class PolicyRule extends AccountEventRule {
  constructor(ctx: AppContext) {
    super(ctx, 'policy rule')
  }

  protected onTradeEvent(
    externalId: string,
    event: Exclude<AccountEvent, { type: 'equity' }>,
    isSimulated: boolean,
  ): void {
    // the simulated server refused what breaks the policy before it traded (decision 0018)
    if (isSimulated) return
    if (event.type !== 'position-opened' && event.type !== 'order-filled') return
    const position = event.position
    this.enqueue(externalId, async () => {
      const account = await this.accountOf(externalId)
      if (account) await this.check(account, position)
    })
  }

  protected async checkOpenPositions(account: RuledAccount, positions: PlatformPosition[]) {
    for (const position of positions) await this.check(account, position)
  }

  private async check(account: RuledAccount, position: PlatformPosition): Promise<void> {
    const instrument = findInstrument(position.symbol)
    if (!instrument) return // not in the firm's catalogue: no rule of ours names it
    const volumeIssue = checkVolume(instrument, position.volume, account.policy)
    if (volumeIssue?.code === 'volume-above-maximum') {
      const cap = volumeLimits(instrument, account.policy).max
      await recordPolicyViolation(this.ctx, account, 'lot-cap', position, cap, () =>
        this.closeOrDisable(account, position),
      )
    }
    if (checkMarketHours(instrument, position.openTimeMs)) {
      await recordPolicyViolation(this.ctx, account, 'market-hours', position, null, () =>
        Promise.resolve('none' as const),
      )
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
      // closed already (opened and closed between two polls, decision 0053): nothing to close
      if (error instanceof PlatformNotFoundError) return 'none'
      this.ctx.logger.warn({ err: error, accountId: account.id }, 'policy close failed')
    }
    await platform.setTradingEnabled(account.externalId, false)
    await this.ctx.db
      .update(tradingAccounts)
      .set({ isTradingEnabled: false })
      .where(eq(tradingAccounts.id, account.id))
    return 'trading-disabled'
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
