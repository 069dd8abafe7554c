import type { Env } from '../../config/env'
import type { Database } from '../../db/client'
import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/logger'
import { MetaApiPlatform, metaApiSettings } from './metaapi/metaapi-platform'
import { createMetaApiStore } from './metaapi/metaapi-store'
import { createMt5Store } from './mt5-webapi/mt5-store'
import { Mt5WebApiPlatform, mt5WebApiSettings } from './mt5-webapi/mt5-webapi-platform'
import { SimulatedPlatform } from './simulated/simulated-platform'
import type { PlatformKind, TradingPlatform } from './trading-platform'

// Every trading-platform adapter the app can bind an account to, by kind (the value of
// trading_accounts.adapter and of TRADING_PLATFORM). A factory answers the adapter when it can run
// here (configured, or its local fake outside production), else null: accounts bound to an adapter
// that is not available fail with "platform unavailable" (decision 0042), they are never moved.
//
// One line per adapter.

export type AdapterDeps = { env: Env; db: Database; clock: Clock; logger: Logger }

export type AdapterFactory = (deps: AdapterDeps) => TradingPlatform | null

export const platformRegistry: Record<PlatformKind, AdapterFactory> = {
  simulated: ({ env, db, clock, logger }) =>
    new SimulatedPlatform({
      db,
      clock,
      logger,
      marketSeed: env.MARKET_SEED,
      backfillHours: env.MARKET_BACKFILL_HOURS,
      feedMode: env.MARKET_FEED,
      serverName: env.SIM_SERVER_NAME,
    }),
  'mt5-webapi': ({ env, db, clock, logger }) => {
    const settings = mt5WebApiSettings(env)
    return settings
      ? new Mt5WebApiPlatform({ settings, clock, logger, store: createMt5Store(db) })
      : null
  },
  metaapi: ({ env, db, logger }) => {
    const settings = metaApiSettings(env)
    return settings
      ? new MetaApiPlatform({
          settings,
          logger,
          store: createMetaApiStore(db),
          pollIntervalMs: env.METAAPI_POLL_INTERVAL_MS,
        })
      : null
  },
}

/** The adapters that can run here, by kind; the simulated server always (market data, demo). */
export function createAdapters(deps: AdapterDeps): Map<PlatformKind, TradingPlatform> {
  const adapters = new Map<PlatformKind, TradingPlatform>()
  for (const [kind, factory] of Object.entries(platformRegistry) as [
    PlatformKind,
    AdapterFactory,
  ][]) {
    const adapter = factory(deps)
    if (adapter) adapters.set(kind, adapter)
  }
  return adapters
}
