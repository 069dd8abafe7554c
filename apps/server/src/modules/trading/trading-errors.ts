import { messages } from '@tp/api'
import { platformMessages } from '@tp/api/trading-platform'
import { tradingMessages, type TradingIssue } from '@tp/domain'
import type { TradingAccountRow } from '../../db/schema'
import type { TradeResult } from '../../integrations/trading-platform/trading-platform'
import { AppError } from '../../lib/errors'

/** The platform refused: 422 with the domain's messages, each naming its field. */
export function tradingRejected(issues: readonly TradingIssue[]): AppError {
  return new AppError('TRADING_REJECTED', {
    message: issues[0]?.message ?? messages.validation.invalidRequest,
    details: issues.map((issue) => ({ path: issue.field, message: issue.message })),
  })
}

export function valueOf<T>(result: TradeResult<T>): T {
  if (!result.ok) throw tradingRejected(result.issues)
  return result.value
}

/**
 * Only an active account with trading enabled trades (409 otherwise): one being set up, one whose
 * trading the risk desk disabled, one that ended (read-only). An account on a real MetaTrader
 * server trades in MetaTrader itself: the web terminal shows it read-only (decision 0042).
 */
export function assertTradable(row: TradingAccountRow): string {
  if (row.status === 'provisioning') {
    throw new AppError('ACCOUNT_NOT_TRADABLE', { message: messages.trading.accountProvisioning })
  }
  if (row.adapter !== 'simulated') {
    throw new AppError('ACCOUNT_NOT_TRADABLE', {
      message: platformMessages.tradesInMetaTrader(
        row.platform === 'mt4' ? 'MetaTrader 4' : 'MetaTrader 5',
        row.server ?? '',
      ),
    })
  }
  if (row.status === 'active' && row.externalId && !row.isTradingEnabled) {
    throw new AppError('ACCOUNT_NOT_TRADABLE', { message: tradingMessages.tradingDisabled })
  }
  if (row.status !== 'active' || !row.isTradingEnabled || !row.externalId) {
    throw new AppError('ACCOUNT_NOT_TRADABLE')
  }
  return row.externalId
}
