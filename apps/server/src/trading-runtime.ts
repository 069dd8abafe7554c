import type { Env } from './config/env'
import { and, inArray, isNotNull } from 'drizzle-orm'
import type { AppContext, TradingRuntime } from './context'
import type { Database } from './db/client'
import { tradingAccounts } from './db/schema'
import { createAdapters } from './integrations/trading-platform/platform-registry'
import { PlatformRouter } from './integrations/trading-platform/platform-router'
import type { SimulatedPlatform } from './integrations/trading-platform/simulated/simulated-platform'
import type { Clock } from './lib/clock'
import type { Logger } from './lib/logger'
import { createLifecycleHooks } from './modules/accounts/account-lifecycle'
import { AnalyticsCache } from './modules/analytics/analytics-cache'
import { LiveHub } from './modules/stream/live-hub'
import { scheduleNextDayReset } from './risk/day-reset-job'
import { createEquityAlerts } from './risk/equity-alerts'
import { RiskMonitor } from './risk/risk-monitor'
import { scheduleNextWeekendClose } from './risk/weekend-close-job'

// The trading side of the app, started in this order so nothing is missed: the platform's books
// and market are loaded (nothing moves); the risk monitor subscribes and rebuilds every active
// account's evaluator from its checkpoint and ledger; the live hub subscribes (account events and
// quotes); then the market catches up with the clock and runs, and the next day reset and weekend
// close are scheduled. Everything here goes through the trading-platform port; only the scenario driver
// reaches into the simulated server (`runtime.simulated`). The port is the platform router
// (decision 0042): each account's calls go to the adapter it is bound to (platform-registry.ts).

export type TradingRuntimeHandle = {
  runtime: TradingRuntime
  /** after the app context exists (the lifecycle hooks use it) */
  start(ctx: AppContext): Promise<void>
  stop(): Promise<void>
}

export function createTradingRuntime(options: {
  env: Env
  db: Database
  clock: Clock
  logger: Logger
  getContext(): AppContext
}): TradingRuntimeHandle {
  const { env, db, clock, logger } = options
  const adapters = createAdapters({ env, db, clock, logger })
  const simulated = (adapters.get('simulated') as SimulatedPlatform | undefined) ?? null
  const platform = new PlatformRouter({
    adapters,
    defaultKind: env.TRADING_PLATFORM,
    logger,
    loadBindings: async (kinds) =>
      (
        await db
          .select({
            externalId: tradingAccounts.externalId,
            adapter: tradingAccounts.adapter,
            status: tradingAccounts.status,
          })
          .from(tradingAccounts)
          .where(
            kinds
              ? and(isNotNull(tradingAccounts.externalId), inArray(tradingAccounts.adapter, kinds))
              : isNotNull(tradingAccounts.externalId),
          )
      ).map((row) => ({
        externalId: row.externalId!,
        adapter: row.adapter,
        isActive: row.status === 'active',
      })),
  })
  const hub = new LiveHub()
  const risk = new RiskMonitor({
    db,
    platform,
    logger,
    now: () => clock.now().getTime(),
    hooks: createLifecycleHooks(options.getContext),
    onTracked: createEquityAlerts({ platform, logger }),
  })
  const analytics = new AnalyticsCache(platform)
  const runtime: TradingRuntime = { platform, router: platform, simulated, risk, hub, analytics }
  let unsubscribers: (() => void)[] = []
  return {
    runtime,
    async start(ctx) {
      await platform.load()
      await risk.start()
      hub.start(ctx)
      unsubscribers = [
        // the analytics first: the hub tells watchers the version a closed trade made
        platform.subscribe((externalId, event) => {
          analytics.onAccountEvent(externalId, event)
          hub.onAccountEvent(externalId, event)
        }),
        platform.subscribeQuotes((quote) => hub.onQuote(quote)),
      ]
      platform.run()
      await scheduleNextDayReset(ctx)
      await scheduleNextWeekendClose(ctx)
    },
    async stop() {
      for (const unsubscribe of unsubscribers) unsubscribe()
      hub.stop()
      analytics.clear()
      await platform.stop()
      await risk.stop()
    },
  }
}
