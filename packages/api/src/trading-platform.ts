import { z } from 'zod'

// What traders and admins are told about the trading platform an account lives on (decision
// 0042): the built-in simulated server, a firm's MT5 server (Web API) or MetaApi. The server maps
// every adapter's failures to these.

export const platformMessages = {
  /** the account's adapter is not configured on this server (or not reachable at all) */
  unavailable:
    'The trading server of this account is unavailable right now. Please try again in a few minutes.',
  /** the platform answered, but refused or failed the operation */
  failed: 'The trading server refused the operation. Please try again or contact support.',
  /** the manager account lacks a right the operation needs (MT5 MT_RET_ERR_PERMISSIONS) */
  notPermitted:
    'The trading server does not allow this operation for the firm. Please contact support.',
  /** the account is not on the platform (MT5 MT_RET_ERR_NOTFOUND) */
  accountMissing: 'This account was not found on its trading server.',
  /** the MT5 server's password policy (user/change_password) */
  passwordPolicy:
    'The trading password must be 8 to 16 characters with a lower-case and an upper-case letter, a digit and a special character (# @ ! $ % *).',
  /** MT5: the leverage changes only without open positions (their margin was taken at the old one) */
  leverageWithPositions: 'Close every position before the leverage can change.',
  /** the platform is overloaded (429, MT_RET_ERR_FREQUENT) */
  busy: 'The trading server is busy. Please try again in a moment.',
  /**
   * the web terminal for an account on a real MetaTrader server: it trades in MetaTrader itself,
   * the terminal shows its state read-only
   */
  tradesInMetaTrader: (platformLabel: string, server: string) =>
    `This account trades in ${platformLabel}: sign in to server ${server} with your login and password in your MetaTrader terminal. This page shows its state read-only.`,
} as const

/**
 * The adapters an account can live on (trading_accounts.adapter, decision 0042): the built-in
 * simulated server, a firm's MT5 server through its Web API, or MetaApi's cloud. The server's
 * platform registry has one factory per kind; the admin's accounts table shows and filters them
 * by these labels.
 */
export const platformKinds = ['simulated', 'mt5-webapi', 'metaapi'] as const
export const platformKindSchema = z.enum(platformKinds)
export type PlatformKind = z.infer<typeof platformKindSchema>

export const platformKindLabels: Record<PlatformKind, string> = {
  simulated: 'Simulated server',
  'mt5-webapi': 'MT5 server',
  metaapi: 'MetaApi',
}
