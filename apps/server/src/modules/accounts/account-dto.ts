import type { TradingAccountDto } from '@tp/api'
import { parsePlanKey, type PlanKey } from '@tp/domain'
import type { AppContext } from '../../context'
import type { TradingAccountRow } from '../../db/schema'

/** An account as its owner sees it; passwords unsealed (they are the owner's to read). */
export function toTradingAccountDto(ctx: AppContext, row: TradingAccountRow): TradingAccountDto {
  const { challenge, stage } = parsePlanKey(row.planKey as PlanKey)
  const isEnded = row.status === 'passed' || row.status === 'failed'
  return {
    id: row.id,
    login: row.login ?? '',
    password: row.passwordCipher ? ctx.secrets.open(row.passwordCipher) : '',
    investorPassword: row.investorPasswordCipher
      ? ctx.secrets.open(row.investorPasswordCipher)
      : null,
    server: row.server ?? '',
    platform: row.platform,
    platformLabel: ctx.trading.platform.platformLabel(row.platform),
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
  }
}
