import { tradeLockerMessages, type LinkedAccount, type TradeLockerLink } from '@tp/api/tradelocker'
import type { Env } from '../../config/env'
import type { AppContext } from '../../context'
import type { TradeLockerAccountRow, TradeLockerLinkRow } from '../../db/schema'
import {
  HttpTradeLockerClient,
  TRADELOCKER_HOSTS,
  TradeLockerError,
  type TradeLockerClient,
} from '../../integrations/tradelocker/tradelocker-client'
import { AppError } from '../../lib/errors'

// What the TradeLocker use-cases share (decision 0044): the client on the configured hosts, the
// rows as the API answers them (never a token), and TradeLocker's refusals as the app's words.

const clients = new WeakMap<Env, TradeLockerClient>()

/** The TradeLocker client on TRADELOCKER_BASE_URL_DEMO/_LIVE (the local fake's outside production). */
export function tradeLockerClientOf(ctx: Pick<AppContext, 'env'>): TradeLockerClient {
  let client = clients.get(ctx.env)
  if (!client) {
    client = new HttpTradeLockerClient({
      baseUrls: {
        demo: ctx.env.TRADELOCKER_BASE_URL_DEMO ?? TRADELOCKER_HOSTS.demo,
        live: ctx.env.TRADELOCKER_BASE_URL_LIVE ?? TRADELOCKER_HOSTS.live,
      },
    })
    clients.set(ctx.env, client)
  }
  return client
}

export function toLinkedAccount(
  row: TradeLockerAccountRow,
  link: Pick<TradeLockerLinkRow, 'server' | 'accountType'>,
): LinkedAccount {
  return {
    id: row.id,
    kind: 'linked',
    source: 'tradelocker',
    isTradable: false,
    linkId: row.linkId,
    tradeLockerId: row.tradeLockerId,
    accNum: row.accNum,
    name: row.name,
    server: link.server,
    accountType: link.accountType,
    currency: row.currency,
    balance: row.balanceCents / 100,
    totalTrades: row.totalTrades,
    totalNetProfit: row.totalNetProfitCents / 100,
    lastImportedAt: row.lastImportedAt?.toISOString() ?? null,
  }
}

export function toTradeLockerLink(
  link: TradeLockerLinkRow,
  accounts: TradeLockerAccountRow[],
): TradeLockerLink {
  return {
    id: link.id,
    email: link.email,
    server: link.server,
    accountType: link.accountType,
    status: link.status,
    lastError: link.lastError,
    lastRefreshedAt: link.lastRefreshedAt?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
    accounts: accounts
      .filter((account) => account.linkId === link.id)
      .map((account) => toLinkedAccount(account, link)),
  }
}

/** TradeLocker's refusal or failure as the app's error (never a 500 for the provider's state). */
export function tradeLockerAppError(error: unknown): unknown {
  if (!(error instanceof TradeLockerError)) return error
  switch (error.kind) {
    case 'credentials':
      // the form's own error, not the password's: any of the four fields may be the wrong one
      return new AppError('VALIDATION_FAILED', { message: tradeLockerMessages.wrongCredentials })
    case 'unauthorized':
      return new AppError('VALIDATION_FAILED', { message: tradeLockerMessages.needsLogin })
    case 'rate_limited':
      return new AppError('SERVICE_UNAVAILABLE', { message: tradeLockerMessages.busy })
    default:
      return new AppError('SERVICE_UNAVAILABLE', { message: tradeLockerMessages.unavailable })
  }
}
