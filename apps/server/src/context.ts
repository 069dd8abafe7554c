import type pg from 'pg'
import type { Env } from './config/env'
import type { Database } from './db/client'
import type { GoogleIdentity } from './integrations/google/google-identity'
import type { PaymentProviders } from './integrations/payments/payment-providers'
import type { Mailer } from './integrations/mail/mailer'
import type { Storage } from './integrations/storage/storage'
import type { PlatformRouter } from './integrations/trading-platform/platform-router'
import type { SimulatedPlatform } from './integrations/trading-platform/simulated/simulated-platform'
import type { TradingPlatform } from './integrations/trading-platform/trading-platform'
import type { Jobs } from './jobs/job-runner'
import type { Clock } from './lib/clock'
import type { Logger } from './lib/logger'
import type { SecretBox } from './lib/secret-box'
import type { CallerCache } from './modules/access/caller-cache'
import type { ReadCaches } from './modules/access/read-cache'
import type { AnalyticsCache } from './modules/analytics/analytics-cache'
import type { SessionEvents } from './modules/access/session-events'
import type { LiveHub } from './modules/stream/live-hub'
import type { RiskMonitor } from './risk/risk-monitor'

/**
 * Everything a use-case may depend on, passed explicitly (no module-level singletons), so a
 * test builds the same app with its own database, clock and fakes.
 */
export type AppContext = {
  env: Env
  clock: Clock
  logger: Logger
  db: Database
  pool: pg.Pool
  jobs: Jobs
  mailer: Mailer
  /** True when outgoing mail is captured locally (no SMTP_URL): enables the dev mailbox. */
  isMailCaptured: boolean
  storage: Storage
  google: GoogleIdentity
  /** seals secrets shown again later (trading-account passwords) */
  secrets: SecretBox
  trading: TradingRuntime
  /** PayPal (null when card payment is not configured) and OxaPay */
  payments: PaymentProviders
  /** sessions ending in this process: what holds one open (a WebSocket) closes with it */
  sessionEvents: SessionEvents
  /** open sessions and their users' roles as last read, dropped on any change (decision 0024) */
  callers: CallerCache
  /** trading accounts' rows and users' orders as last read, dropped on any change (0028) */
  reads: ReadCaches
}

/** The trading platform and what watches it live. */
export type TradingRuntime = {
  /** the port: the router, every account's calls to the adapter it is bound to (decision 0042) */
  platform: TradingPlatform
  /** the same router, with its adapters (the MT5 fake's handle in tests and the bench) */
  router: PlatformRouter
  /** the built-in simulated server when it runs: only the scenario driver reaches in */
  simulated: SimulatedPlatform | null
  risk: RiskMonitor
  hub: LiveHub
  /** the dashboard's analytics of each account, computed once per version (a closed trade) */
  analytics: AnalyticsCache
}
