import { equityAlertLevels } from '@tp/domain'
import type { TradingPlatform } from '../integrations/trading-platform/trading-platform'
import type { Logger } from '../lib/logger'
import type { MonitoredAccount } from './risk-monitor'

// The platform's own equity alarm of an account (decision 0048), set whenever the risk monitor
// starts judging it: at provisioning, at every start of the app, and after a payout re-based its
// rulebook. The levels are the rulebook's own (@tp/domain equityAlertLevels, from the evaluator's
// rulebook in force); the platform only wakes the app with them (MetaApi: a tracker event makes
// the adapter read the account at once), the evaluator stays the judge. Fire and forget: a
// failure is logged and the account is still polled; the next start sets it again.

export function createEquityAlerts(options: { platform: TradingPlatform; logger: Logger }) {
  return (account: MonitoredAccount): void => {
    const { platform, logger } = options
    if (!platform.setEquityAlerts) return
    const levels = equityAlertLevels(account.evaluator.rules)
    platform.setEquityAlerts(account.externalId, levels).catch((error: unknown) => {
      logger.warn(
        {
          err: error instanceof Error ? error.message : String(error),
          accountId: account.accountId,
        },
        "risk: the platform's equity alarm was not set; the account is still polled",
      )
    })
  }
}
