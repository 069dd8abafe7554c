import {
  accountStateSchema,
  type AccountState,
  type RuleMeters,
  type TradingAccountDto,
  type TradingCredentials,
} from '@tp/api'
import { json, type Handler } from './mock-api'

// Trading accounts as GET /api/trading/accounts lists them, for the tests of every page that shows
// them (dashboard, trading accounts, terminal, the admin's account page), each with the passwords its credentials route
// answers (credentialsHandlers); the list itself carries none (the schema drops them).

/** An account of the list, and the passwords of its credentials route. */
export type AccountFixture = TradingAccountDto &
  Pick<TradingCredentials, 'password' | 'investorPassword'>

export const accountId = '6f1c2a8e-3b4d-4c5e-8f70-9a1b2c3d4e5f'
export const nextAccountId = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed'
export const otherAccountId = '9c858901-8a57-4791-81fe-4c455b099bc9'

export function makeAccount(overrides: Partial<AccountFixture> = {}): AccountFixture {
  return {
    id: accountId,
    login: '1001234',
    password: 'trade-pass-1',
    investorPassword: null,
    server: 'Tradepeak-Sim',
    platform: 'mt5',
    platformLabel: 'Simulated MT5',
    challenge: 'twoPhase',
    stage: 'phase1',
    planKey: 'twoPhase.phase1',
    rulebookVersion: 'v1',
    sizeK: 100,
    initialBalance: 10_000_000,
    leverage: 30,
    status: 'active',
    isTradingEnabled: true,
    isReadOnly: false,
    createdAt: '2025-06-02T09:00:00.000Z',
    endedAt: null,
    previousAccountId: null,
    ...overrides,
  }
}

/** GET /api/trading/accounts/:id/credentials of each account, answered from its fixture. */
export function credentialsHandlers(
  ...accounts: Pick<AccountFixture, 'id' | 'login' | 'server' | 'password' | 'investorPassword'>[]
): Record<string, Handler> {
  return Object.fromEntries(
    accounts.map((account) => [
      `GET /api/trading/accounts/${account.id}/credentials`,
      () =>
        json(200, {
          accountId: account.id,
          login: account.login,
          server: account.server,
          password: account.password,
          investorPassword: account.investorPassword,
        }),
    ]),
  )
}

/** An account's rule meters mid-challenge (Wednesday 11 June 2025, nothing used yet). */
export function makeMeters(overrides: Partial<RuleMeters> = {}): RuleMeters {
  return {
    status: 'active',
    day: '2025-06-11',
    dayReset: { timeZone: 'America/New_York', time: '17:00' },
    nextResetAt: '2025-06-11T21:00:00.000Z',
    dailyLoss: {
      floor: 9_500_000,
      distance: 500_000,
      allowance: 500_000,
      usedPercent: 0,
      warning: 0,
    },
    maxLoss: {
      floor: 9_000_000,
      distance: 1_000_000,
      allowance: 1_000_000,
      usedPercent: 0,
      warning: 0,
    },
    profitTarget: {
      target: 10_800_000,
      value: 10_000_000,
      progressPercent: 0,
      basis: 'balance',
      requireFlat: false,
      met: false,
    },
    tradingDays: { required: 4, value: 0, met: false },
    passedAt: null,
    ...overrides,
  }
}

/** GET /api/trading/accounts/:id as the terminal and the admin's account page read it, parsed
 * with its contract's schema so a fixture cannot drift from it. */
export function makeState(
  overrides: Partial<Omit<AccountState, 'account'>> & { account?: Partial<TradingAccountDto> } = {},
): AccountState {
  const { account, ...rest } = overrides
  return accountStateSchema.parse({
    account: makeAccount(account),
    figures: {
      balance: 10_000_000,
      equity: 10_000_000,
      floatingProfit: 0,
      swap: 0,
      margin: 0,
      freeMargin: 10_000_000,
      marginLevelPercent: null,
      isMarginCall: false,
    },
    positions: [],
    orders: [],
    meters: makeMeters(),
    breach: null,
    nextAccountId: null,
    ...rest,
  })
}
