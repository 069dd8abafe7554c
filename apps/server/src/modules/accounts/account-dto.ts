import type { TradingAccountDto, TradingCredentials } from '@tp/api'
import { parsePlanKey, type PlanKey } from '@tp/domain'
import type { AppContext } from '../../context'
import { platformKindOf } from '../../integrations/trading-platform/trading-platform'
import type { TradingAccountRow } from '../../db/schema'
import type { AccountRowView } from '../access/read-cache'

/**
 * An account without its passwords: what account states, stream pushes and admins get. Nothing
 * is unsealed here, so building it costs no decryption.
 */
export function toTradingAccountDto(ctx: AppContext, row: AccountRowView): TradingAccountDto {
  const { challenge, stage } = parsePlanKey(row.planKey as PlanKey)
  const isEnded = row.status === 'passed' || row.status === 'failed'
  return {
    id: row.id,
    login: row.login ?? '',
    server: row.server ?? '',
    platform: row.platform,
    platformLabel: ctx.trading.platform.platformLabel(row.platform, platformKindOf(row.adapter)),
    challenge,
    stage,
    planKey: row.planKey as PlanKey,
    rulebookVersion: row.rulebookVersion,
    sizeK: row.sizeK,
    initialBalance: row.initialBalance,
    leverage: row.leverage,
    status: row.status,
    isTradingEnabled: row.isTradingEnabled && row.status === 'active',
    isReadOnly: isEnded || row.status === 'suspended' || row.status === 'closed',
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    previousAccountId: row.previousAccountId,
    // an account on a real MetaTrader server trades in MetaTrader (decision 0042)
    isTerminalTrading: row.adapter === 'simulated',
  }
}

/** The trading passwords, unsealed: for the account's owner only (the caller checks). */
export function toTradingCredentials(ctx: AppContext, row: TradingAccountRow): TradingCredentials {
  return {
    accountId: row.id,
    login: row.login ?? '',
    server: row.server ?? '',
    password: row.passwordCipher ? ctx.secrets.open(row.passwordCipher) : '',
    investorPassword: row.investorPasswordCipher
      ? ctx.secrets.open(row.investorPasswordCipher)
      : null,
  }
}
