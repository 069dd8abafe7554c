import path from 'node:path'
import { randomInt } from 'node:crypto'
import { findInstrument, type PendingOrderType } from '@tp/domain'
import { platformMessages } from '@tp/api/trading-platform'
import type { Env } from '../../../config/env'
import type { Clock } from '../../../lib/clock'
import { AppError } from '../../../lib/errors'
import type { Logger } from '../../../lib/logger'
import {
  PlatformNotFoundError,
  type AccountEvent,
  type AccountEventListener,
  type CloseReason,
  type CreateAccountInput,
  type CreatedAccount,
  type PlatformAccountInfo,
  type PlatformClosedTrade,
  type PlatformDeal,
  type PlatformOrder,
  type PlatformPosition,
  type PositionTotals,
  totalsOfWholeClose,
  type TradingPlatform,
} from '../trading-platform'
import {
  FAKE_MT5_GROUP,
  FAKE_MT5_MANAGER,
  FAKE_MT5_SERVER_NAME,
  startMt5Fake,
  type Mt5Fake,
} from './fake/mt5-fake'
import { Mt5Error, Mt5SessionPool, type Mt5Command } from './mt5-session'
import type { DealCursor, Mt5Store } from './mt5-store'
import {
  Mt5DealAction,
  Mt5DealEntry,
  Mt5DealReason,
  Mt5OrderType,
  Mt5Retcode,
  Mt5UserRights,
  NEW_USER_RIGHTS,
  accountStateSchema,
  centsOf,
  dealRecordSchema,
  meetsMt5PasswordPolicy,
  moneyText,
  orderRecordSchema,
  positionRecordSchema,
  requestTag,
  scaledInt,
  timeConfigSchema,
  userRecordSchema,
  type Mt5AccountState,
  type Mt5DealRecord,
  type Mt5OrderRecord,
  type Mt5PositionRecord,
  type Mt5UserRecord,
} from './mt5-wire'
import { z } from 'zod'

// The trading-platform port on a firm's own MT5 server, through the MetaQuotes Web API (decision
// 0042; contracts/integrations.md section 4). Accounts are MT5 users in the configured group, their
// id here is the login. The manager signs in on each of a few keep-alive connections (mt5-session.ts)
// and commands go to the least busy one. Live changes are polled (the Web API pushes nothing):
// every watched (active) account's trade state in batches of BATCH logins each POLL_MS, its open
// positions and its new deals alongside (/api/deal/get_batch over the batch's logins, after each
// login's watermark: decision 0053), so a position opened and closed between two polls is reported
// too; they reach the risk monitor as the same account events the simulator emits. The trade
// server keeps its times in its own time zone (/api/time/get): every time read is turned into true
// UTC, every time sent back into the server's. Traders trade in MetaTrader itself: the
// app's web terminal shows these accounts read-only (isTerminalTrading false), and the firm's
// actions (disable trading: the user's rights; close positions: the dealer's position-execute,
// where the manager has the right) go through the manager API.

export type Mt5WebApiSettings = {
  /** null: start the local fake (outside production, MT5_WEBAPI_URL unset) */
  url: string | null
  login: string
  password: string
  group: string
  serverName: string
  /** keep-alive connections (sessions) used in parallel */
  sessions: number
  /** how often every watched account is read (at most 2 s: the issue's freshness) */
  pollMs: number
  /** logins per batched read */
  batch: number
  /** the fake's answer latency (the bench) */
  fakeLatencyMs?: number
  /** where the local fake keeps its accounts between runs (development: under DATA_DIR) */
  fakeStateFile?: string
  /** the local fake's port (MT5_WEBAPI_FAKE_PORT); none: any free port */
  fakePort?: number
  /**
   * The trade server's time zone in minutes east of GMT (MT5_WEBAPI_TIME_ZONE_MINUTES), used only
   * when the server does not tell it (/api/time/get refused)
   */
  timeZoneMinutes?: number
}

export function mt5WebApiSettings(env: Env): Mt5WebApiSettings | null {
  const common = {
    sessions: 4,
    pollMs: 1_000,
    batch: 100,
    ...(env.MT5_WEBAPI_TIME_ZONE_MINUTES !== undefined
      ? { timeZoneMinutes: env.MT5_WEBAPI_TIME_ZONE_MINUTES }
      : {}),
  }
  if (env.MT5_WEBAPI_URL) {
    return {
      ...common,
      url: env.MT5_WEBAPI_URL,
      login: env.MT5_WEBAPI_LOGIN!,
      password: env.MT5_WEBAPI_PASSWORD!,
      group: env.MT5_WEBAPI_GROUP!,
      serverName: env.MT5_WEBAPI_SERVER_NAME!,
    }
  }
  if (!env.canUseFakes) return null
  return {
    ...common,
    url: null,
    login: FAKE_MT5_MANAGER.login,
    password: FAKE_MT5_MANAGER.password,
    group: env.MT5_WEBAPI_GROUP ?? FAKE_MT5_GROUP,
    serverName: env.MT5_WEBAPI_SERVER_NAME ?? FAKE_MT5_SERVER_NAME,
    fakeStateFile: path.join(env.DATA_DIR, 'mt5-webapi-fake.json'),
    ...(env.MT5_WEBAPI_FAKE_PORT ? { fakePort: env.MT5_WEBAPI_FAKE_PORT } : {}),
  }
}

/**
 * Where a login's deal reading stands: `load` its watermark is not known yet (the store is asked at
 * its next poll); `catch-up` its deals after the stored watermark are read on their own (after a
 * restart, a new account); `baseline` no watermark anywhere (first sight): the deals of its first
 * batch read are taken as seen, not reported (its open positions are checked at first sight,
 * decision 0045); `live` read in the batch each poll.
 */
type DealMode = 'load' | 'catch-up' | 'baseline' | 'live'

/** What polling knows of an account, to emit only what changed. */
type Watched = {
  balance: number | null
  equity: number | null
  /** the open positions at the last poll (null: not read yet) */
  positions: Map<string, PlatformPosition> | null
  mode: DealMode
  /** the newest deal reported (its UTC time and ticket) */
  cursor: DealCursor
  /** true UTC time up to which its deals have been read */
  readToMs: number
}

const newWatched = (mode: DealMode): Watched => ({
  balance: null,
  equity: null,
  positions: null,
  mode,
  cursor: { timeMs: 0, deal: '' },
  readToMs: 0,
})

/** Deal tickets are decimal strings: compared as the numbers they are. */
const compareTickets = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)

/** (timeMs, ticket) after the cursor's. */
export function isAfterCursor(cursor: DealCursor, timeMs: number, deal: string): boolean {
  return timeMs !== cursor.timeMs ? timeMs > cursor.timeMs : compareTickets(deal, cursor.deal) > 0
}

const MAX_BACKOFF_MS = 30_000
/**
 * How far before the last read each batched deal read starts again (and past now it ends): a deal
 * that became visible a little after its time, or clocks apart, is still read; the watermark drops
 * what was reported before
 */
const DEAL_OVERLAP_MS = 60_000
/** logins caught up on their own per poll (after a restart): the rest on the following polls */
const CATCH_UPS_PER_POLL = 50
/** how often the server's time zone is read again (daylight saving time moves it) */
const ZONE_REFRESH_MS = 3_600_000
const PASSWORD_LOWER = 'abcdefghjkmnpqrstuvwxyz'
const PASSWORD_UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const PASSWORD_DIGITS = '23456789'
const PASSWORD_SPECIAL = '#@!$%*'

/** A password the MT5 policy accepts: 12 characters of the four kinds (user/change_password). */
export function generateMt5Password(): string {
  const all = PASSWORD_LOWER + PASSWORD_UPPER + PASSWORD_DIGITS + PASSWORD_SPECIAL
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!
  const chars = [
    pick(PASSWORD_LOWER),
    pick(PASSWORD_UPPER),
    pick(PASSWORD_DIGITS),
    pick(PASSWORD_SPECIAL),
    ...Array.from({ length: 8 }, () => pick(all)),
  ]
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
  }
  return chars.join('')
}

/** Maps what the MT5 server answered to the app's error and message (packages/api). */
export function toAppError(error: unknown): unknown {
  if (!(error instanceof Mt5Error)) return error
  const { retcode, httpStatus, isNetwork, retryAfterMs } = error.details
  const unavailable = (message: string, extra: { retryAfterSeconds?: number } = {}) =>
    new AppError('SERVICE_UNAVAILABLE', { message, cause: error, ...extra })
  if (httpStatus === 429 || retcode === Mt5Retcode.ERR_FREQUENT) {
    return unavailable(platformMessages.busy, {
      retryAfterSeconds: Math.max(1, Math.ceil((retryAfterMs ?? 1000) / 1000)),
    })
  }
  if (retcode === Mt5Retcode.ERR_NOTFOUND) {
    return new AppError('NOT_FOUND', { message: platformMessages.accountMissing, cause: error })
  }
  if (retcode === Mt5Retcode.USR_INVALID_PASSWORD) {
    return new AppError('VALIDATION_FAILED', {
      message: platformMessages.passwordPolicy,
      cause: error,
    })
  }
  if (retcode === Mt5Retcode.ERR_PERMISSIONS && httpStatus === 200) {
    return unavailable(platformMessages.notPermitted)
  }
  if (retcode === Mt5Retcode.REQUEST_NO_MONEY) {
    return new AppError('TRADING_REJECTED', { message: platformMessages.failed, cause: error })
  }
  if (isNetwork || httpStatus === null || httpStatus >= 500 || httpStatus === 403) {
    return unavailable(platformMessages.unavailable)
  }
  return unavailable(platformMessages.failed)
}

const closeReasonOf = (reason: number): CloseReason =>
  reason === Mt5DealReason.SL
    ? 'stop-loss'
    : reason === Mt5DealReason.TP
      ? 'take-profit'
      : reason === Mt5DealReason.SO
        ? 'stop-out'
        : reason === Mt5DealReason.DEALER
          ? 'risk'
          : 'client'

const digitsOf = (symbol: string, given: string | undefined) =>
  given !== undefined && /^\d+$/.test(given) ? Number(given) : (findInstrument(symbol)?.digits ?? 5)

/** MT5 volumes are in 1/10000 lot; the port's in 1/100. */
const volumeOf = (text: string) => Math.round(Number(text) / 100)

/** A buy or sell deal of a symbol (balance, credit, charges... are not trades). */
const isTradeDeal = (record: Mt5DealRecord) =>
  (record.Action === String(Mt5DealAction.BUY) || record.Action === String(Mt5DealAction.SELL)) &&
  record.Symbol !== ''

const pendingTypes: Record<string, PendingOrderType> = {
  [Mt5OrderType.BUY_LIMIT]: 'buy-limit',
  [Mt5OrderType.SELL_LIMIT]: 'sell-limit',
  [Mt5OrderType.BUY_STOP]: 'buy-stop',
  [Mt5OrderType.SELL_STOP]: 'sell-stop',
}
const pendingTypeOf = (type: string): PendingOrderType | null => pendingTypes[type] ?? null

/** A record's time as the server wrote it (its own zone), in ms. */
const serverMsOf = (seconds: string, msc: string | undefined) =>
  msc !== undefined && /^\d+$/.test(msc) && msc !== '0' ? Number(msc) : Number(seconds) * 1000

/**
 * How the poller waits for its next poll: `now` times a poll, `schedule` runs the next one after a
 * delay and answers its cancel. Real timers in the app; tests run each poll by hand on a clock of
 * their own, so back-off is counted in polls, never slept through.
 */
export type Mt5PollTimer = {
  now(): number
  schedule(run: () => void, delayMs: number): () => void
}

const realPollTimer: Mt5PollTimer = {
  now: () => Date.now(),
  schedule(run, delayMs) {
    const timer = setTimeout(run, delayMs)
    timer.unref?.()
    return () => clearTimeout(timer)
  },
}

/** What a closing deal's trade knows of its position's opening. */
type Opening = { price: number; timeMs: number; commission: number }

export class Mt5WebApiPlatform implements TradingPlatform {
  readonly kind = 'mt5-webapi' as const
  /** the local fake when it was started here (dev, tests): its control page, fault injection */
  fake: Mt5Fake | null = null
  private pool: Mt5SessionPool | null = null
  private readonly listeners = new Set<AccountEventListener>()
  private readonly watched = new Map<string, Watched>()
  private cancelPoll: (() => void) | null = null
  private isRunning = false
  private backoffMs = 0
  /** the trade server's offset from UTC, ms (null: not read yet) */
  private zoneMs: number | null = null
  private zoneReadMs = 0
  /** polls completed (tests wait on it, the bench reports it) */
  polls = 0

  constructor(
    private readonly options: {
      settings: Mt5WebApiSettings
      clock: Clock
      logger: Logger
      /** our database's memory of the logins' deal watermarks (always in the app) */
      store?: Mt5Store
      /** the poller's timer (tests: polls run by hand); default real timers */
      pollTimer?: Mt5PollTimer
    },
  ) {}

  get settings(): Mt5WebApiSettings {
    return this.options.settings
  }

  get sessions() {
    return this.pool?.sessions ?? []
  }

  platformLabel(): string {
    return 'MetaTrader 5'
  }

  isTerminalTrading(): boolean {
    return false
  }

  async load(): Promise<void> {
    const { settings, logger } = this.options
    let url = settings.url
    if (url === null) {
      this.fake = await startMt5Fake({
        now: () => this.options.clock.now().getTime(),
        latencyMs: settings.fakeLatencyMs ?? 0,
        ...(settings.fakeStateFile ? { stateFile: settings.fakeStateFile } : {}),
        ...(settings.fakePort ? { port: settings.fakePort } : {}),
      })
      url = this.fake.url
      logger.info(`MT5 Web API: local fake at ${url} (control page: ${url}/control)`)
    }
    this.pool = new Mt5SessionPool(
      { baseUrl: new URL(url), login: settings.login, password: settings.password },
      settings.sessions,
    )
  }

  run(): void {
    this.isRunning = true
    this.schedulePoll(0)
  }

  async stop(): Promise<void> {
    this.isRunning = false
    this.cancelPoll?.()
    this.cancelPoll = null
    this.pool?.close()
    await this.fake?.close()
  }

  subscribe(listener: AccountEventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  watchAccounts(externalIds: readonly string[]): void {
    const wanted = new Set(externalIds)
    for (const id of this.watched.keys()) if (!wanted.has(id)) this.watched.delete(id)
    for (const id of wanted) {
      if (!this.watched.has(id)) this.watched.set(id, newWatched('load'))
    }
  }

  // ---- the trade server's time zone --------------------------------------------------------------

  /**
   * The trade server's offset from UTC in ms: every time the server sends (deal, position, order
   * times) is its own wall clock, and every time it is sent (deal periods) must be. Read from the
   * time configuration (/api/time/get: TimeZone in minutes from GMT, plus an hour while daylight
   * saving time is on), again every hour; only when the server refuses it (no right to the
   * configuration), MT5_WEBAPI_TIME_ZONE_MINUTES. A server that cannot be reached fails the call.
   */
  async serverZoneMs(): Promise<number> {
    const nowMs = Date.now()
    if (this.zoneMs !== null && nowMs - this.zoneReadMs < ZONE_REFRESH_MS) return this.zoneMs
    try {
      this.zoneMs = await this.readZoneMs()
    } catch (error) {
      if (this.zoneMs === null) throw error
      this.options.logger.warn({ err: error }, 'MT5 time zone not read again; the last one is kept')
    }
    this.zoneReadMs = nowMs
    return this.zoneMs
  }

  private async readZoneMs(): Promise<number> {
    const { settings, logger } = this.options
    if (!this.pool)
      throw new AppError('SERVICE_UNAVAILABLE', { message: platformMessages.unavailable })
    try {
      const answer = await this.pool.send({
        method: 'GET',
        path: '/api/time/get',
        isIdempotent: true,
      })
      const parsed = timeConfigSchema.safeParse(answer)
      if (parsed.success) {
        const { TimeZone, Daylight, DaylightState } = parsed.data
        const dst = Daylight !== '0' && DaylightState !== '0' ? 60 : 0
        return (Number(TimeZone) + dst) * 60_000
      }
      logger.error({ issues: parsed.error.issues }, 'MT5 time configuration not understood')
    } catch (error) {
      const details = error instanceof Mt5Error ? error.details : null
      const isRefusal =
        details !== null &&
        !details.isNetwork &&
        details.httpStatus !== null &&
        details.httpStatus !== 429 &&
        details.httpStatus < 500 &&
        details.retcode !== Mt5Retcode.ERR_FREQUENT
      if (!isRefusal) throw toAppError(error)
      logger.warn({ err: error }, 'MT5 time configuration refused')
    }
    if (settings.timeZoneMinutes !== undefined) return settings.timeZoneMinutes * 60_000
    logger.error(
      'MT5: the server tells no time zone and MT5_WEBAPI_TIME_ZONE_MINUTES is unset: times read as GMT',
    )
    return 0
  }

  /** A server time (seconds, milliseconds) as true UTC ms. */
  private utcMsOf(seconds: string, msc: string | undefined): number {
    return serverMsOf(seconds, msc) - (this.zoneMs ?? 0)
  }

  /** A true UTC time as the server's seconds (deal periods). */
  private serverSecondsOf(utcMs: number): number {
    return Math.floor((utcMs + (this.zoneMs ?? 0)) / 1000)
  }

  // ---- commands ----------------------------------------------------------------------------------

  private async call<T>(command: Mt5Command, schema: z.ZodType<T>): Promise<T> {
    if (!this.pool)
      throw new AppError('SERVICE_UNAVAILABLE', { message: platformMessages.unavailable })
    let answer: unknown
    try {
      answer = await this.pool.send(command)
    } catch (error) {
      throw toAppError(error)
    }
    const parsed = schema.safeParse(answer)
    if (!parsed.success) {
      this.options.logger.error(
        { path: command.path, issues: parsed.error.issues },
        'MT5 answer not understood',
      )
      throw new AppError('SERVICE_UNAVAILABLE', { message: platformMessages.failed })
    }
    return parsed.data
  }

  private userGet(login: string): Promise<Mt5UserRecord> {
    return this.call(
      { method: 'GET', path: '/api/user/get', query: { login }, isIdempotent: true },
      userRecordSchema,
    )
  }

  private accountGet(login: string): Promise<Mt5AccountState> {
    return this.call(
      { method: 'GET', path: '/api/user/account/get', query: { login }, isIdempotent: true },
      accountStateSchema,
    )
  }

  private async positionsOf(login: string): Promise<Mt5PositionRecord[]> {
    await this.serverZoneMs()
    const all: Mt5PositionRecord[] = []
    for (let offset = 0; ; offset += 100) {
      const page = await this.call(
        {
          method: 'GET',
          path: '/api/position/get_page',
          query: { login, offset, total: 100 },
          isIdempotent: true,
        },
        z.array(positionRecordSchema),
      )
      all.push(...page)
      if (page.length < 100) return all
    }
  }

  /** Every deal of the account in [fromMs, toMs], oldest first (pages of 100, the server's most). */
  private async dealsOf(login: string, fromMs: number, toMs: number): Promise<Mt5DealRecord[]> {
    await this.serverZoneMs()
    const all: Mt5DealRecord[] = []
    for (let offset = 0; ; offset += 100) {
      const page = await this.dealPage(login, fromMs, toMs, offset, 100)
      all.push(...page)
      if (page.length < 100) return all
    }
  }

  private dealPage(login: string, fromMs: number, toMs: number, offset: number, total: number) {
    return this.call(
      {
        method: 'GET',
        path: '/api/deal/get_page',
        query: {
          login,
          from: this.serverSecondsOf(fromMs),
          to: this.serverSecondsOf(toMs),
          offset,
          total,
        },
        isIdempotent: true,
      },
      z.array(dealRecordSchema),
    )
  }

  // ---- accounts ----------------------------------------------------------------------------------

  /**
   * Kill-safe and exactly once: our request id rides on the MT5 user (its Comment). Before adding a
   * user, the group is searched for one carrying it: an attempt that died after the server made the
   * user (before our database recorded it) finds that user again, gets new passwords (the server
   * never tells passwords) and its deposit only if it has none yet.
   */
  async createAccount(input: CreateAccountInput): Promise<CreatedAccount> {
    const { settings } = this.options
    const tag = requestTag(input.requestId)
    const password = generateMt5Password()
    const investorPassword = generateMt5Password()
    // the group is searched only when an earlier attempt may have made the user (a retry)
    let user = input.isFirstAttempt ? null : await this.findByTag(tag)
    if (user) {
      await this.changePassword(user.Login, password, 'main')
      await this.changePassword(user.Login, investorPassword, 'investor')
    } else {
      user = await this.call(
        {
          method: 'POST',
          path: '/api/user/add',
          body: {
            Group: settings.group,
            Name: input.name.slice(0, 128),
            Email: input.email.slice(0, 64),
            Leverage: String(input.leverage),
            Rights: String(NEW_USER_RIGHTS),
            Comment: tag,
            PassMain: password,
            PassInvestor: investorPassword,
          },
          // never sent twice: a lost answer is found again by the tag on the next attempt
          isIdempotent: false,
        },
        userRecordSchema,
      )
    }
    const current = await this.userGet(user.Login)
    if (centsOf(current.Balance) === 0 && input.balance > 0) {
      await this.balanceOperation(user.Login, input.balance, 'Initial deposit')
    }
    // a new login: every deal of it is new (its deposit is a balance deal, not reported)
    this.watched.set(user.Login, newWatched('catch-up'))
    return {
      externalId: user.Login,
      login: user.Login,
      server: settings.serverName,
      password,
      investorPassword,
    }
  }

  private async findByTag(tag: string): Promise<Mt5UserRecord | null> {
    const users = await this.call(
      {
        method: 'POST',
        path: '/api/user/get_batch',
        body: { group: [this.options.settings.group] },
        isIdempotent: true,
      },
      z.array(userRecordSchema),
    )
    return users.find((user) => user.Comment === tag) ?? null
  }

  async getAccountInfo(externalId: string): Promise<PlatformAccountInfo> {
    const [state, user] = await Promise.all([this.accountGet(externalId), this.userGet(externalId)])
    return this.infoOf(state, user)
  }

  private infoOf(state: Mt5AccountState, user: Mt5UserRecord): PlatformAccountInfo {
    const margin = centsOf(state.Margin)
    const equity = centsOf(state.Equity)
    const floating = centsOf(state.Floating)
    return {
      externalId: user.Login,
      login: user.Login,
      server: this.options.settings.serverName,
      currency: 'USD',
      leverage: Number(user.Leverage),
      balance: centsOf(state.Balance),
      equity,
      floatingProfit: floating,
      swap: centsOf(state.Storage),
      margin,
      freeMargin: centsOf(state.MarginFree),
      marginLevelPercent: margin > 0 ? Math.round((equity / margin) * 10_000) / 100 : null,
      isMarginCall: state.SOActivation !== '0',
      isTradingEnabled: (Number(user.Rights) & Mt5UserRights.TRADE_DISABLED) === 0,
    }
  }

  async listPositions(externalId: string): Promise<PlatformPosition[]> {
    return (await this.positionsOf(externalId)).map((record) => this.positionOf(record))
  }

  private positionOf(record: Mt5PositionRecord): PlatformPosition {
    const digits = digitsOf(record.Symbol, record.Digits)
    const stopLoss = scaledInt(record.PriceSL, digits)
    const takeProfit = scaledInt(record.PriceTP, digits)
    return {
      id: record.Position,
      symbol: record.Symbol,
      side: record.Action === '1' ? 'sell' : 'buy',
      volume: volumeOf(record.Volume),
      openPrice: scaledInt(record.PriceOpen, digits),
      openTimeMs: this.utcMsOf(record.TimeCreate, record.TimeCreateMsc),
      stopLoss: stopLoss === 0 ? null : stopLoss,
      takeProfit: takeProfit === 0 ? null : takeProfit,
      currentPrice: scaledInt(record.PriceCurrent, digits),
      profit: centsOf(record.Profit),
      swap: centsOf(record.Storage),
      commission: 0,
      margin: 0,
    }
  }

  /**
   * The login's working pending orders (/api/order/get_page, pages of 100), placed and managed in
   * MetaTrader itself: the read-only terminal lists them. Stop-limit orders, which the app's order
   * model has no type for, are left out.
   */
  async listOrders(externalId: string): Promise<PlatformOrder[]> {
    await this.serverZoneMs()
    const orders: PlatformOrder[] = []
    for (let offset = 0; ; offset += 100) {
      const page = await this.call(
        {
          method: 'GET',
          path: '/api/order/get_page',
          query: { login: externalId, offset, total: 100 },
          isIdempotent: true,
        },
        z.array(orderRecordSchema),
      )
      for (const record of page) {
        const order = this.orderOf(record)
        if (order) orders.push(order)
      }
      if (page.length < 100) return orders
    }
  }

  private orderOf(record: Mt5OrderRecord): PlatformOrder | null {
    const type = pendingTypeOf(record.Type)
    if (!type) return null
    const digits = digitsOf(record.Symbol, record.Digits)
    const stopLoss = scaledInt(record.PriceSL, digits)
    const takeProfit = scaledInt(record.PriceTP, digits)
    return {
      id: record.Order,
      symbol: record.Symbol,
      type,
      volume: volumeOf(record.VolumeCurrent),
      price: scaledInt(record.PriceOrder, digits),
      stopLoss: stopLoss === 0 ? null : stopLoss,
      takeProfit: takeProfit === 0 ? null : takeProfit,
      createdAtMs: this.utcMsOf(record.TimeSetup, record.TimeSetupMsc),
    }
  }

  async listDeals(
    externalId: string,
    options: { fromMs: number; toMs: number; offset: number; limit: number },
  ): Promise<{ deals: PlatformDeal[]; hasMore: boolean }> {
    const records = await this.dealsOf(externalId, options.fromMs, options.toMs - 1)
    const inRange = records.filter((record) => {
      const tMs = this.utcMsOf(record.Time, record.TimeMsc)
      return tMs >= options.fromMs && tMs < options.toMs
    })
    const page = inRange.slice(options.offset, options.offset + options.limit)
    return {
      deals: page.map((record) => this.dealOf(record)),
      hasMore: inRange.length > options.offset + options.limit,
    }
  }

  private dealOf(record: Mt5DealRecord): PlatformDeal {
    const tMs = this.utcMsOf(record.Time, record.TimeMsc)
    const profit = centsOf(record.Profit)
    if (record.Action === String(Mt5DealAction.BALANCE)) {
      return {
        id: record.Deal,
        entry: 'balance',
        positionId: null,
        symbol: null,
        type: 'balance',
        volume: null,
        price: null,
        timeMs: tMs,
        profit,
        swap: 0,
        commission: 0,
        reason: profit < 0 ? 'withdrawal' : 'deposit',
      }
    }
    const isOut = record.Entry !== String(Mt5DealEntry.IN)
    return {
      id: record.Deal,
      entry: isOut ? 'out' : 'in',
      positionId: record.PositionID,
      symbol: record.Symbol,
      type: record.Action === '1' ? 'sell' : 'buy',
      volume: volumeOf(record.Volume),
      price: scaledInt(record.Price, digitsOf(record.Symbol, record.Digits)),
      timeMs: tMs,
      profit,
      swap: centsOf(record.Storage),
      commission: centsOf(record.Commission),
      reason: isOut ? closeReasonOf(Number(record.Reason)) : 'open',
    }
  }

  /** Closing deals paired with their position's opening deal, oldest first. */
  private closedTradesOf(records: readonly Mt5DealRecord[]): PlatformClosedTrade[] {
    const opens = new Map<string, Mt5DealRecord>()
    const trades: PlatformClosedTrade[] = []
    for (const record of records) {
      if (!isTradeDeal(record)) continue
      if (record.Entry === String(Mt5DealEntry.IN)) {
        opens.set(record.PositionID, record)
        continue
      }
      const open = opens.get(record.PositionID)
      trades.push(this.closedTradeOf(record, open ? this.openingOf(open) : null))
    }
    return trades
  }

  /** An opening deal as what its position's closing trade needs. */
  private openingOf(record: Mt5DealRecord): Opening {
    return {
      price: scaledInt(record.Price, digitsOf(record.Symbol, record.Digits)),
      timeMs: this.utcMsOf(record.Time, record.TimeMsc),
      commission: centsOf(record.Commission),
    }
  }

  /** A closing deal as the port's closed trade (its opening where known, else its own). */
  private closedTradeOf(record: Mt5DealRecord, open: Opening | null): PlatformClosedTrade {
    const digits = digitsOf(record.Symbol, record.Digits)
    const closeTimeMs = this.utcMsOf(record.Time, record.TimeMsc)
    const closePrice = scaledInt(record.Price, digits)
    return {
      id: record.Deal,
      positionId: record.PositionID,
      symbol: record.Symbol,
      // the position's side: the opposite of its closing deal's
      side: record.Action === '1' ? 'buy' : 'sell',
      volume: volumeOf(record.Volume),
      openPrice: open?.price ?? closePrice,
      closePrice,
      openTimeMs: open?.timeMs ?? closeTimeMs,
      closeTimeMs,
      profit: centsOf(record.Profit),
      swap: centsOf(record.Storage),
      commission: centsOf(record.Commission) + (open?.commission ?? 0),
      reason: closeReasonOf(Number(record.Reason)),
    }
  }

  async listClosedTrades(
    externalId: string,
    options: { beforeMs?: number; beforeId?: string; limit: number },
  ): Promise<{ trades: PlatformClosedTrade[]; hasMore: boolean }> {
    const toMs = options.beforeMs ?? this.options.clock.now().getTime() + 60_000
    const trades = this.closedTradesOf(await this.dealsOf(externalId, 0, toMs))
      .filter(
        (trade) =>
          options.beforeMs === undefined ||
          trade.closeTimeMs < options.beforeMs ||
          (trade.closeTimeMs === options.beforeMs &&
            options.beforeId !== undefined &&
            trade.id < options.beforeId),
      )
      .reverse()
    return { trades: trades.slice(0, options.limit), hasMore: trades.length > options.limit }
  }

  /**
   * Closes every position through the dealer (position execute), where the manager has the right;
   * without it the positions stay open (logged): trading is disabled by the rights anyway.
   */
  async closeAllPositions(externalId: string, reason: CloseReason): Promise<PlatformClosedTrade[]> {
    const closed: PlatformClosedTrade[] = []
    for (const position of await this.listPositions(externalId)) {
      try {
        const sent = await this.call(
          {
            method: 'POST',
            path: '/api/dealer/send_request',
            body: {
              Action: '200',
              Login: externalId,
              Position: position.id,
              Symbol: position.symbol,
              Volume: String(position.volume * 100),
              Type: position.side === 'buy' ? '1' : '0',
              Comment: `tradepeak ${reason}`,
            },
            isIdempotent: false,
          },
          z.object({ id: z.union([z.string(), z.number()]).transform(String) }),
        )
        await this.call(
          {
            method: 'GET',
            path: '/api/dealer/get_request_result',
            query: { id: sent.id },
            isIdempotent: true,
          },
          z.object({ result: z.object({ Retcode: z.string() }).passthrough() }),
        )
        const nowMs = this.options.clock.now().getTime()
        closed.push({
          id: `${position.id}:${nowMs}`,
          positionId: position.id,
          symbol: position.symbol,
          side: position.side,
          volume: position.volume,
          openPrice: position.openPrice,
          closePrice: position.currentPrice ?? position.openPrice,
          openTimeMs: position.openTimeMs,
          closeTimeMs: nowMs,
          profit: position.profit,
          swap: position.swap,
          commission: position.commission,
          reason,
        })
      } catch (error) {
        this.options.logger.warn(
          { err: error, login: externalId, position: position.id },
          'MT5: position not closed (the manager may lack the dealer right); trading stays disabled',
        )
        break
      }
    }
    return closed
  }

  /**
   * Moves every working pending order of the login to history (/api/order/cancel, one ticket at a
   * time, so one that filled or went meanwhile does not stop the rest): a breach, a pass, the risk
   * desk. Answers the orders cancelled.
   */
  async cancelAllOrders(externalId: string): Promise<PlatformOrder[]> {
    const cancelled: PlatformOrder[] = []
    for (const order of await this.listOrders(externalId)) {
      try {
        await this.call(
          {
            method: 'GET',
            path: '/api/order/cancel',
            query: { ticket: order.id },
            // a write: not sent again after a broken connection (a second one would be refused)
            isIdempotent: false,
          },
          z.unknown(),
        )
        cancelled.push(order)
      } catch (error) {
        this.options.logger.warn(
          { err: error, login: externalId, order: order.id },
          'MT5: pending order not cancelled',
        )
      }
    }
    return cancelled
  }

  async setTradingEnabled(externalId: string, isEnabled: boolean): Promise<void> {
    const user = await this.userGet(externalId)
    const rights = Number(user.Rights)
    const next = isEnabled
      ? rights & ~Mt5UserRights.TRADE_DISABLED
      : rights | Mt5UserRights.TRADE_DISABLED
    if (next === rights) return
    await this.call(
      {
        method: 'POST',
        path: '/api/user/update',
        body: { Login: externalId, Rights: String(next) },
        isIdempotent: true,
      },
      userRecordSchema,
    )
  }

  private balanceOperation(login: string, amountCents: number, comment: string) {
    return this.call(
      {
        method: 'POST',
        path: '/api/trade/balance',
        query: { login, type: Mt5DealAction.BALANCE, balance: moneyText(amountCents), comment },
        isIdempotent: false,
      },
      z.object({ Ticket: z.union([z.string(), z.number()]).transform(String) }),
    )
  }

  async applyBalanceOperation(externalId: string, amountCents: number) {
    const { Ticket } = await this.balanceOperation(
      externalId,
      amountCents,
      amountCents < 0 ? 'Payout' : 'Deposit',
    )
    const user = await this.userGet(externalId)
    return { dealId: Ticket, balanceAfter: centsOf(user.Balance) }
  }

  async changePassword(externalId: string, password: string, kind: 'main' | 'investor') {
    if (!meetsMt5PasswordPolicy(password)) {
      throw new AppError('VALIDATION_FAILED', { message: platformMessages.passwordPolicy })
    }
    await this.call(
      {
        method: 'POST',
        path: '/api/user/change_password',
        body: { Login: externalId, Type: kind, Password: password },
        isIdempotent: true,
      },
      z.unknown(),
    )
  }

  async setLeverage(externalId: string, leverage: number) {
    if ((await this.positionsOf(externalId)).length > 0) {
      return {
        ok: false as const,
        issues: [
          {
            code: 'leverage' as const,
            field: 'leverage' as const,
            message: platformMessages.leverageWithPositions,
          },
        ],
      }
    }
    await this.call(
      {
        method: 'POST',
        path: '/api/user/update',
        body: { Login: externalId, Leverage: String(leverage) },
        isIdempotent: true,
      },
      userRecordSchema,
    )
    return { ok: true as const, value: await this.getAccountInfo(externalId) }
  }

  // ---- the web terminal: these accounts trade in MetaTrader (decision 0042) -----------------------

  private readOnly(): never {
    throw new AppError('ACCOUNT_NOT_TRADABLE', {
      message: platformMessages.tradesInMetaTrader(
        'MetaTrader 5',
        this.options.settings.serverName,
      ),
    })
  }
  async placeOrder(): Promise<never> {
    return this.readOnly()
  }
  async modifyPosition(): Promise<never> {
    return this.readOnly()
  }
  async modifyOrder(): Promise<never> {
    return this.readOnly()
  }
  async cancelOrder(): Promise<never> {
    return this.readOnly()
  }
  /** The trader closes in MetaTrader; the firm (weekend close, risk) closes through the dealer. */
  async closePosition(
    externalId: string,
    positionId: string,
    _volume: number | null,
    reason: CloseReason = 'client',
  ) {
    if (reason === 'client') return this.readOnly()
    const position = (await this.listPositions(externalId)).find((p) => p.id === positionId)
    if (!position) throw new PlatformNotFoundError('position')
    const before = await this.closeAllPositionsOf(externalId, [position], reason)
    const trade = before[0]
    if (!trade) {
      throw new AppError('SERVICE_UNAVAILABLE', { message: platformMessages.notPermitted })
    }
    return { ok: true as const, value: trade }
  }

  private async closeAllPositionsOf(
    externalId: string,
    positions: PlatformPosition[],
    reason: CloseReason,
  ) {
    const all = await this.closeAllPositions(externalId, reason)
    return all.filter((trade) => positions.some((position) => position.id === trade.positionId))
  }

  // ---- market data: the router takes it from the market's adapter ---------------------------------

  async listSymbols() {
    return []
  }
  async getQuote() {
    return null
  }
  async listQuotes() {
    return []
  }
  async getBars() {
    return []
  }
  subscribeQuotes(): () => void {
    return () => {}
  }

  // ---- live changes: polling ---------------------------------------------------------------------

  private schedulePoll(delayMs: number): void {
    if (!this.isRunning) return
    this.cancelPoll = this.timer.schedule(() => void this.pollCycle(), delayMs)
  }

  private get timer(): Mt5PollTimer {
    return this.options.pollTimer ?? realPollTimer
  }

  private async pollCycle(): Promise<void> {
    const startedMs = this.timer.now()
    let delayMs = this.options.settings.pollMs
    try {
      await this.pollOnce()
      this.backoffMs = 0
    } catch (error) {
      const retryAfterMs =
        error instanceof AppError && error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : 0
      this.backoffMs = Math.min(
        MAX_BACKOFF_MS,
        Math.max(retryAfterMs, this.backoffMs ? this.backoffMs * 2 : 500),
      )
      delayMs = this.backoffMs
      this.options.logger.warn({ err: error, backoffMs: delayMs }, 'MT5 poll failed; backing off')
    }
    this.polls++
    this.schedulePoll(Math.max(0, delayMs - (this.timer.now() - startedMs)))
  }

  /**
   * Reads every watched account once: trade states, positions and new deals in batches, in
   * parallel; the watermarks not known yet first (one query), a few catch-ups (after a restart).
   */
  async pollOnce(): Promise<void> {
    await this.serverZoneMs()
    await this.loadCursors()
    const logins = [...this.watched.keys()]
    const batch = this.options.settings.batch
    const chunks: string[][] = []
    for (let i = 0; i < logins.length; i += batch) chunks.push(logins.slice(i, i + batch))
    const results = await Promise.allSettled([
      ...chunks.map((chunk) => this.pollChunk(chunk)),
      this.catchUp(),
    ])
    const failed = results.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
  }

  /** The stored watermarks of the logins not known yet: catch-up where stored, else baseline. */
  private async loadCursors(): Promise<void> {
    const unknown = [...this.watched].filter(([, w]) => w.mode === 'load').map(([login]) => login)
    if (unknown.length === 0) return
    const stored = this.options.store
      ? await this.options.store.cursors(unknown)
      : new Map<string, DealCursor>()
    for (const login of unknown) {
      const watched = this.watched.get(login)
      if (!watched || watched.mode !== 'load') continue
      const cursor = stored.get(login)
      if (cursor) {
        watched.cursor = cursor
        watched.mode = 'catch-up'
      } else {
        watched.mode = 'baseline'
      }
    }
  }

  /**
   * Logins whose deals after their watermark are read on their own (paged /api/deal/get_page):
   * after a restart, the deals made while the app was down are reported; a few per poll.
   */
  private async catchUp(): Promise<void> {
    const due = [...this.watched]
      .filter(([, w]) => w.mode === 'catch-up')
      .slice(0, CATCH_UPS_PER_POLL)
    if (due.length === 0) return
    const moved = new Map<string, DealCursor>()
    await Promise.all(
      due.map(async ([login, watched]) => {
        const nowMs = this.options.clock.now().getTime()
        const records = await this.dealsOf(login, watched.cursor.timeMs, nowMs + DEAL_OVERLAP_MS)
        if (this.watched.get(login) !== watched || watched.mode !== 'catch-up') return
        const positions = watched.positions ?? new Map<string, PlatformPosition>()
        if (this.takeDeals(login, watched, records, positions)) moved.set(login, watched.cursor)
        watched.mode = 'live'
        watched.readToMs = nowMs
      }),
    )
    await this.saveCursors(moved)
  }

  private async saveCursors(moved: Map<string, DealCursor>): Promise<void> {
    if (moved.size === 0 || !this.options.store) return
    await this.options.store.saveCursors(moved)
  }

  private async pollChunk(logins: string[]): Promise<void> {
    const nowMs = this.options.clock.now().getTime()
    // the deals since the earliest point a live login of the chunk still needs (its last read,
    // less the overlap); a login at first sight takes the deals of that window as seen
    const readers = logins.filter((login) => {
      const mode = this.watched.get(login)?.mode
      return mode === 'live' || mode === 'baseline'
    })
    let fromMs = nowMs - DEAL_OVERLAP_MS
    for (const login of readers) {
      const watched = this.watched.get(login)!
      if (watched.mode === 'live') {
        fromMs = Math.min(
          fromMs,
          Math.max(watched.cursor.timeMs, watched.readToMs - DEAL_OVERLAP_MS),
        )
      }
    }
    const [states, positions, deals] = await Promise.all([
      this.call(
        {
          method: 'POST',
          path: '/api/user/account/get_batch',
          body: { login: logins },
          isIdempotent: true,
        },
        z.array(accountStateSchema),
      ),
      this.call(
        {
          method: 'POST',
          path: '/api/position/get_batch',
          body: { login: logins },
          isIdempotent: true,
        },
        z.array(positionRecordSchema),
      ),
      readers.length === 0
        ? Promise.resolve([])
        : this.call(
            {
              method: 'POST',
              path: '/api/deal/get_batch',
              query: {
                from: this.serverSecondsOf(fromMs),
                to: this.serverSecondsOf(nowMs + DEAL_OVERLAP_MS),
              },
              body: { login: readers },
              isIdempotent: true,
            },
            z.array(dealRecordSchema),
          ),
    ])
    const tMs = this.options.clock.now().getTime()
    const positionsByLogin = new Map<string, Map<string, PlatformPosition>>()
    for (const record of positions) {
      const map = positionsByLogin.get(record.Login) ?? new Map<string, PlatformPosition>()
      map.set(record.Position, this.positionOf(record))
      positionsByLogin.set(record.Login, map)
    }
    const dealsByLogin = new Map<string, Mt5DealRecord[]>()
    for (const record of deals) {
      const list = dealsByLogin.get(record.Login) ?? []
      list.push(record)
      dealsByLogin.set(record.Login, list)
    }
    const moved = new Map<string, DealCursor>()
    for (const login of readers) {
      const watched = this.watched.get(login)
      if (!watched) continue
      const now = positionsByLogin.get(login) ?? new Map<string, PlatformPosition>()
      const records = dealsByLogin.get(login) ?? []
      if (watched.mode === 'baseline') {
        // first sight: what happened before is not reported; the window's newest deal is the mark
        watched.cursor = { timeMs: fromMs, deal: '' }
        for (const record of records) this.advance(watched, record)
        watched.mode = 'live'
        moved.set(login, watched.cursor)
      } else if (this.takeDeals(login, watched, records, now)) {
        moved.set(login, watched.cursor)
      }
      watched.readToMs = nowMs
    }
    for (const state of states) {
      const watched = this.watched.get(state.Login)
      if (!watched) continue
      watched.positions = positionsByLogin.get(state.Login) ?? new Map()
      const balance = centsOf(state.Balance)
      const equity = centsOf(state.Equity)
      if (balance === watched.balance && equity === watched.equity) continue
      watched.balance = balance
      watched.equity = equity
      this.emit(state.Login, { type: 'equity', tMs, balance, equity })
    }
    await this.saveCursors(moved)
  }

  /** Moves the login's watermark to the deal when it is newer; answers whether it moved. */
  private advance(watched: Watched, record: Mt5DealRecord): boolean {
    const timeMs = this.utcMsOf(record.Time, record.TimeMsc)
    if (!isAfterCursor(watched.cursor, timeMs, record.Deal)) return false
    watched.cursor = { timeMs, deal: record.Deal }
    return true
  }

  /**
   * The login's deals after its watermark, oldest first, as the simulator tells trades: an opening
   * deal as the position opened (its record from this poll where it is still open), a closing deal
   * as the position closed (with its totals when nothing of the position is left open), each once.
   * Answers whether the watermark moved.
   */
  private takeDeals(
    login: string,
    watched: Watched,
    records: readonly Mt5DealRecord[],
    openNow: ReadonlyMap<string, PlatformPosition>,
  ): boolean {
    const fresh = records
      .map((record) => ({ record, timeMs: this.utcMsOf(record.Time, record.TimeMsc) }))
      .filter(({ record, timeMs }) => isAfterCursor(watched.cursor, timeMs, record.Deal))
      .sort((a, b) => a.timeMs - b.timeMs || compareTickets(a.record.Deal, b.record.Deal))
    if (fresh.length === 0) return false
    const before = watched.positions
    const openings = new Map<string, Opening>()
    /** what is left open of a position, hundredths of a lot, where known */
    const left = new Map<string, number>()
    for (const { record, timeMs } of fresh) {
      watched.cursor = { timeMs, deal: record.Deal }
      if (!isTradeDeal(record)) continue
      const positionId = record.PositionID
      if (record.Entry === String(Mt5DealEntry.IN)) {
        openings.set(positionId, this.openingOf(record))
        left.set(positionId, (left.get(positionId) ?? 0) + volumeOf(record.Volume))
        const position = openNow.get(positionId) ?? this.openedPositionOf(record)
        this.emit(login, { type: 'position-opened', tMs: timeMs, position })
        continue
      }
      const known = before?.get(positionId)
      const opening =
        openings.get(positionId) ??
        (known
          ? { price: known.openPrice, timeMs: known.openTimeMs, commission: known.commission }
          : null)
      const trade = this.closedTradeOf(record, opening)
      const remaining = left.get(positionId) ?? known?.volume
      const isWhole = remaining !== undefined ? trade.volume >= remaining : !openNow.has(positionId)
      if (remaining !== undefined) left.set(positionId, remaining - trade.volume)
      const totals: PositionTotals | null = isWhole ? totalsOfWholeClose(trade) : null
      this.emit(login, { type: 'position-closed', tMs: timeMs, trade, totals })
    }
    return true
  }

  /** A position as its opening deal tells it (it was closed again before this poll saw it). */
  private openedPositionOf(record: Mt5DealRecord): PlatformPosition {
    const digits = digitsOf(record.Symbol, record.Digits)
    const price = scaledInt(record.Price, digits)
    return {
      id: record.PositionID,
      symbol: record.Symbol,
      side: record.Action === '1' ? 'sell' : 'buy',
      volume: volumeOf(record.Volume),
      openPrice: price,
      openTimeMs: this.utcMsOf(record.Time, record.TimeMsc),
      stopLoss: null,
      takeProfit: null,
      currentPrice: price,
      profit: 0,
      swap: 0,
      commission: centsOf(record.Commission),
      margin: 0,
    }
  }

  private emit(externalId: string, event: AccountEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(externalId, event)
      } catch (error) {
        this.options.logger.error({ err: error, externalId, event: event.type }, 'listener failed')
      }
    }
  }
}
