import { randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import path from 'node:path'
import { findInstrument } from '@tp/domain'
import {
  Mt5DealAction,
  Mt5DealEntry,
  Mt5DealReason,
  Mt5Retcode,
  Mt5UserRights,
  meetsMt5PasswordPolicy,
  moneyText,
  mt5PasswordHash,
  mt5RandAnswer,
  retcodeString,
  scaledInt,
  scaledText,
} from '../mt5-wire'
import { renderControlPage } from './control-page'

// A local stand-in for a firm's MT5 server's Web API (contracts/integrations.md section 4, the
// MetaQuotes Web API docs), on 127.0.0.1: the manager challenge (wrong password refused, the
// server's own answer to the client's random), the session bound to the TCP connection it
// authenticated on (a command on any other connection: HTTP 403), every number as a string, the
// password policy, users (add, get, get_batch by group, update of rights and leverage, password
// change), balance operations, trade states one or many at a time, positions and deals (by page and
// by batch), dealer closes of positions when the manager has the dealer right, and the time
// configuration: like a broker's server it keeps its times in its own zone (GMT+2 unless told), so
// every time it sends or is sent is that wall clock (its memory is true UTC). Faults on
// demand: dropped connections, error retcodes, 429s, and a latency on every answer (the bench).
// Its control page (/control) moves an account's equity and books trades, so live risk can be
// watched on an "MT5" account locally. Development starts it when MT5_WEBAPI_URL is unset.

export const FAKE_MT5_MANAGER = { login: '1000', password: 'Manager#Local1' } as const
export const FAKE_MT5_GROUP = 'demo\\tradepeak'
export const FAKE_MT5_SERVER_NAME = 'TradepeakMT5-Local'

export interface FakeMt5User {
  login: number
  group: string
  name: string
  email: string
  comment: string
  rights: number
  leverage: number
  passMain: string
  passInvestor: string
  balance: number
  /** floating profit of the open positions not set per position (the control page's equity) */
  extraFloating: number
  registeredMs: number
}

export interface FakeMt5Position {
  ticket: number
  login: number
  symbol: string
  /** 0 buy, 1 sell */
  action: 0 | 1
  /** in 1/10000 lot */
  volume: number
  /** integer points */
  priceOpen: number
  priceCurrent: number
  profit: number
  openMs: number
}

export interface FakeMt5Order {
  ticket: number
  login: number
  symbol: string
  /** ENOrderType: 2 buy limit, 3 sell limit, 4 buy stop, 5 sell stop */
  type: number
  /** in 1/10000 lot */
  volume: number
  /** integer points */
  price: number
  setupMs: number
}

export interface FakeMt5Deal {
  deal: number
  login: number
  action: number
  entry: number
  symbol: string
  price: number
  volume: number
  timeMs: number
  profit: number
  positionId: number
  reason: number
  comment: string
}

export interface Mt5FakeOptions {
  managers?: Record<string, { password: string; canDeal?: boolean }>
  /** milliseconds every answer waits (the bench: a server across a network) */
  latencyMs?: number
  /** the server's time zone in minutes east of GMT (/api/time/get); default 120 (GMT+2) */
  timeZoneMinutes?: number
  /** the manager may read the time configuration (false: /api/time/get refused); default true */
  canReadTimeConfig?: boolean
  now?: () => number
  port?: number
  /**
   * Where its users, positions and deals are kept between runs (development: under DATA_DIR, so
   * the app's MT5 accounts still exist on it after a restart); none: memory only (tests, bench)
   */
  stateFile?: string
}

/** What the fake keeps in its state file. */
type Mt5FakeState = {
  users: FakeMt5User[]
  positions: FakeMt5Position[]
  /** absent in files written before the fake kept orders */
  orders?: FakeMt5Order[]
  deals: FakeMt5Deal[]
  nextLogin: number
  nextTicket: number
}

type SocketState = { srvRand: string | null; manager: string | null; isAuthed: boolean }

type Fault =
  | { kind: 'drop' }
  | { kind: 'retcode'; retcode: number; httpStatus: number }
  | { kind: 'rate-limit'; retryAfterSeconds: number }

export class Mt5Fake {
  readonly users = new Map<number, FakeMt5User>()
  readonly positions = new Map<number, FakeMt5Position>()
  /** working pending orders, by ticket */
  readonly orders = new Map<number, FakeMt5Order>()
  readonly deals: FakeMt5Deal[] = []
  latencyMs: number
  /** the server's time zone, minutes east of GMT: the wall clock of every time on the wire */
  timeZoneMinutes: number
  canReadTimeConfig: boolean
  /** commands answered, by path (tests: batching; the bench) */
  readonly calls = new Map<string, number>()
  private readonly faults: { path: string | null; fault: Fault }[] = []
  /** what every request answers while the server is down or throttling (null: it is not) */
  private outage: Fault | null = null
  private readonly sockets = new WeakMap<Socket, SocketState>()
  private readonly openSockets = new Set<Socket>()
  private readonly managers: Record<string, { password: string; canDeal?: boolean }>
  private readonly now: () => number
  private nextLogin = 700_001
  private nextTicket = 5_000_001
  private nextRequestId = 1
  private readonly dealerResults = new Map<number, { retcode: number; deal: number }>()
  private server: http.Server | null = null
  private readonly stateFile: string | null
  private savedState = ''
  private saveTimer: NodeJS.Timeout | null = null
  /** the write in flight: saves run one after another (two at once race on the .tmp file) */
  private saving: Promise<void> = Promise.resolve()
  url = ''

  constructor(options: Mt5FakeOptions = {}) {
    this.managers = options.managers ?? {
      [FAKE_MT5_MANAGER.login]: { password: FAKE_MT5_MANAGER.password, canDeal: true },
    }
    this.latencyMs = options.latencyMs ?? 0
    this.timeZoneMinutes = options.timeZoneMinutes ?? 120
    this.canReadTimeConfig = options.canReadTimeConfig ?? true
    this.now = options.now ?? Date.now
    this.stateFile = options.stateFile ?? null
  }

  /** Reads the state file when there is one (a missing or unreadable file: a fresh server). */
  private async loadState(): Promise<void> {
    if (!this.stateFile) return
    let text: string
    try {
      text = await readFile(this.stateFile, 'utf8')
    } catch {
      return
    }
    const state = JSON.parse(text) as Mt5FakeState
    for (const user of state.users) this.users.set(user.login, user)
    for (const position of state.positions) this.positions.set(position.ticket, position)
    for (const order of state.orders ?? []) this.orders.set(order.ticket, order)
    this.deals.push(...state.deals)
    this.nextLogin = state.nextLogin
    this.nextTicket = state.nextTicket
    this.savedState = text
  }

  /** Writes the state file when anything changed since the last write, after any write in flight. */
  private saveState(): Promise<void> {
    const next = this.saving.then(() => this.writeState())
    this.saving = next.catch(() => {})
    return next
  }

  private async writeState(): Promise<void> {
    if (!this.stateFile) return
    const state: Mt5FakeState = {
      users: [...this.users.values()],
      positions: [...this.positions.values()],
      orders: [...this.orders.values()],
      deals: this.deals,
      nextLogin: this.nextLogin,
      nextTicket: this.nextTicket,
    }
    const text = JSON.stringify(state)
    if (text === this.savedState) return
    await mkdir(path.dirname(this.stateFile), { recursive: true })
    await writeFile(`${this.stateFile}.tmp`, text)
    await rename(`${this.stateFile}.tmp`, this.stateFile)
    this.savedState = text
  }

  async listen(port = 0): Promise<string> {
    await this.loadState()
    if (this.stateFile) {
      // a failed timed write is tried again on the next tick (close() reports its own)
      this.saveTimer = setInterval(() => void this.saveState().catch(() => {}), 1_000)
      this.saveTimer.unref()
    }
    const server = http.createServer((request, response) => void this.handle(request, response))
    server.keepAliveTimeout = 60_000
    server.on('connection', (socket) => {
      this.openSockets.add(socket)
      socket.on('close', () => this.openSockets.delete(socket))
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    this.server = server
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return this.url
  }

  async close(): Promise<void> {
    if (this.saveTimer) clearInterval(this.saveTimer)
    this.saveTimer = null
    await this.saveState()
    const server = this.server
    this.server = null
    if (!server) return
    for (const socket of this.openSockets) socket.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  // ---- fault injection --------------------------------------------------------------------------

  /** The next `count` requests (to `path`, or any) lose their connection unanswered. */
  dropNext(count = 1, path: string | null = null): void {
    for (let i = 0; i < count; i++) this.faults.push({ path, fault: { kind: 'drop' } })
  }

  /** The next request to `path` (or any) answers this retcode (HTTP 200 unless told). */
  failNext(retcode: number, path: string | null = null, httpStatus = 200): void {
    this.faults.push({ path, fault: { kind: 'retcode', retcode, httpStatus } })
  }

  /** The next `count` requests answer 429 with Retry-After. */
  rateLimitNext(count = 1, retryAfterSeconds = 1, path: string | null = null): void {
    for (let i = 0; i < count; i++) {
      this.faults.push({ path, fault: { kind: 'rate-limit', retryAfterSeconds } })
    }
  }

  /**
   * Every request from now on answers this until `endOutage()`: an error (HTTP status and
   * retcode; default 503 and the common error) or, with `retryAfterSeconds`, 429 with Retry-After.
   */
  startOutage(
    fault: { httpStatus?: number; retcode?: number } | { retryAfterSeconds: number } = {},
  ): void {
    this.outage =
      'retryAfterSeconds' in fault
        ? { kind: 'rate-limit', retryAfterSeconds: fault.retryAfterSeconds }
        : {
            kind: 'retcode',
            retcode: fault.retcode ?? Mt5Retcode.ERROR,
            httpStatus: fault.httpStatus ?? 503,
          }
  }

  /** The server answers again. */
  endOutage(): void {
    this.outage = null
  }

  /** Requests received (every command path, the control page's aside): tests count a storm. */
  get requestCount(): number {
    let count = 0
    for (const calls of this.calls.values()) count += calls
    return count
  }

  /** Closes every connection now (the server restarted): sessions must authenticate again. */
  dropAllConnections(): void {
    for (const socket of this.openSockets) socket.destroy()
  }

  // ---- what the control page and tests do (a trader's terminal, the market) ----------------------

  user(login: number | string): FakeMt5User {
    const user = this.users.get(Number(login))
    if (!user) throw new Error(`no MT5 user ${login}`)
    return user
  }

  equityOf(user: FakeMt5User): number {
    let floating = user.extraFloating
    for (const position of this.positions.values()) {
      if (position.login === user.login) floating += position.profit
    }
    return user.balance + floating
  }

  /** Moves the account's equity to `equityCents` (its floating profit absorbs the difference). */
  setEquity(login: number | string, equityCents: number): void {
    const user = this.user(login)
    user.extraFloating += equityCents - this.equityOf(user)
  }

  /** The trader opens a position (refused while trading is disabled). */
  openPosition(
    login: number | string,
    input: { symbol: string; side: 'buy' | 'sell'; lots: number; price?: number },
  ): FakeMt5Position {
    const user = this.user(login)
    if (user.rights & Mt5UserRights.TRADE_DISABLED) throw new Error('trading is disabled')
    const digits = findInstrument(input.symbol)?.digits ?? 5
    const price = input.price ?? 10 ** digits
    const position: FakeMt5Position = {
      ticket: this.nextTicket++,
      login: user.login,
      symbol: input.symbol,
      action: input.side === 'buy' ? 0 : 1,
      volume: Math.round(input.lots * 10_000),
      priceOpen: price,
      priceCurrent: price,
      profit: 0,
      openMs: this.now(),
    }
    this.positions.set(position.ticket, position)
    this.addDeal(user, {
      action: position.action,
      entry: Mt5DealEntry.IN,
      symbol: position.symbol,
      price,
      volume: position.volume,
      profit: 0,
      positionId: position.ticket,
      reason: Mt5DealReason.CLIENT,
    })
    return position
  }

  /** The trader places a pending order (refused while trading is disabled). */
  placeOrder(
    login: number | string,
    input: {
      symbol: string
      type: 'buy-limit' | 'sell-limit' | 'buy-stop' | 'sell-stop'
      lots: number
      price: string
    },
  ): FakeMt5Order {
    const user = this.user(login)
    if (user.rights & Mt5UserRights.TRADE_DISABLED) throw new Error('trading is disabled')
    const digits = findInstrument(input.symbol)?.digits ?? 5
    const order: FakeMt5Order = {
      ticket: this.nextTicket++,
      login: user.login,
      symbol: input.symbol,
      type: { 'buy-limit': 2, 'sell-limit': 3, 'buy-stop': 4, 'sell-stop': 5 }[input.type],
      volume: Math.round(input.lots * 10_000),
      price: scaledInt(input.price, digits),
      setupMs: this.now(),
    }
    this.orders.set(order.ticket, order)
    return order
  }

  /** Sets an open position's floating profit (cents). */
  setPositionProfit(ticket: number, profitCents: number): void {
    const position = this.positions.get(ticket)
    if (!position) throw new Error(`no position ${ticket}`)
    position.profit = profitCents
  }

  /** Closes a position at its current profit (the trader, or a dealer). */
  closePosition(ticket: number, reason: number = Mt5DealReason.CLIENT): FakeMt5Deal {
    const position = this.positions.get(ticket)
    if (!position) throw new Error(`no position ${ticket}`)
    const user = this.user(position.login)
    this.positions.delete(ticket)
    user.balance += position.profit
    return this.addDeal(user, {
      action: position.action === 0 ? Mt5DealAction.SELL : Mt5DealAction.BUY,
      entry: Mt5DealEntry.OUT,
      symbol: position.symbol,
      price: position.priceCurrent,
      volume: position.volume,
      profit: position.profit,
      positionId: position.ticket,
      reason,
    })
  }

  /** A user with a balance, made directly (the bench seeds a server with many accounts). */
  seedUser(input: { group: string; name: string; balanceCents: number; leverage: number }) {
    const user = this.addUser({
      Group: input.group,
      Name: input.name,
      Leverage: String(input.leverage),
      PassMain: 'Seeded#Pass1',
      PassInvestor: 'Seeded#Pass2',
      Rights: String(Mt5UserRights.ENABLED),
    })
    user.balance = input.balanceCents
    return user
  }

  /** Users whose comment is `comment` (tests: exactly one login per request id). */
  usersWithComment(comment: string): FakeMt5User[] {
    return [...this.users.values()].filter((user) => user.comment === comment)
  }

  private addDeal(
    user: FakeMt5User,
    deal: Omit<FakeMt5Deal, 'deal' | 'login' | 'timeMs' | 'comment'> & { comment?: string },
  ): FakeMt5Deal {
    const booked: FakeMt5Deal = {
      deal: this.nextTicket++,
      login: user.login,
      timeMs: this.now(),
      comment: '',
      ...deal,
    }
    this.deals.push(booked)
    return booked
  }

  // ---- HTTP -------------------------------------------------------------------------------------

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname
    try {
      if (path === '/control' || path.startsWith('/control/')) {
        await this.control(request, response, url)
        return
      }
      const body = request.method === 'POST' ? await readJson(request) : undefined
      if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs))
      this.calls.set(path, (this.calls.get(path) ?? 0) + 1)
      const index = this.faults.findIndex((entry) => entry.path === null || entry.path === path)
      const fault = index >= 0 ? this.faults.splice(index, 1)[0]!.fault : this.outage
      if (fault) {
        if (fault.kind === 'drop') {
          request.socket.destroy()
          return
        }
        if (fault.kind === 'rate-limit') {
          send(
            response,
            429,
            { retcode: retcodeString(Mt5Retcode.ERR_FREQUENT) },
            {
              'retry-after': String(fault.retryAfterSeconds),
            },
          )
          return
        }
        send(response, fault.httpStatus, { retcode: retcodeString(fault.retcode) })
        return
      }
      const state = this.socketState(request.socket)
      if (path === '/api/auth/start') return this.authStart(state, url, response)
      if (path === '/api/auth/answer') return this.authAnswer(state, url, response)
      if (!state.isAuthed) {
        send(response, 403, { retcode: retcodeString(Mt5Retcode.ERR_PERMISSIONS) })
        return
      }
      const params = { ...Object.fromEntries(url.searchParams), ...(isRecord(body) ? body : {}) }
      const answer = this.command(path, params, state.manager!)
      send(response, 200, answer)
    } catch (error) {
      if (error instanceof FakeRefusal) {
        send(response, error.httpStatus, { retcode: retcodeString(error.retcode) })
        return
      }
      send(response, 500, { retcode: retcodeString(Mt5Retcode.ERROR) })
    }
  }

  private socketState(socket: Socket): SocketState {
    let state = this.sockets.get(socket)
    if (!state)
      this.sockets.set(socket, (state = { srvRand: null, manager: null, isAuthed: false }))
    return state
  }

  private authStart(state: SocketState, url: URL, response: http.ServerResponse) {
    const login = url.searchParams.get('login') ?? ''
    if (url.searchParams.get('type') !== 'manager' || !this.managers[login]) {
      send(response, 200, { retcode: retcodeString(Mt5Retcode.AUTH_ACCOUNT_INVALID) })
      return
    }
    state.srvRand = randomBytes(16).toString('hex')
    state.manager = login
    state.isAuthed = false
    send(response, 200, {
      retcode: retcodeString(Mt5Retcode.DONE),
      version_access: '4000',
      srv_rand: state.srvRand,
    })
  }

  private authAnswer(state: SocketState, url: URL, response: http.ServerResponse) {
    const manager = state.manager ? this.managers[state.manager] : undefined
    const answer = url.searchParams.get('srv_rand_answer') ?? ''
    const cliRand = url.searchParams.get('cli_rand') ?? ''
    if (!manager || !state.srvRand || !/^[0-9a-f]{32}$/i.test(cliRand)) {
      send(response, 403, { retcode: retcodeString(Mt5Retcode.AUTH_ACCOUNT_INVALID) })
      return
    }
    const hash = mt5PasswordHash(manager.password)
    const expected = Buffer.from(mt5RandAnswer(hash, state.srvRand))
    const given = Buffer.from(answer.toLowerCase())
    state.srvRand = null
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      state.manager = null
      send(response, 403, { retcode: retcodeString(Mt5Retcode.AUTH_ACCOUNT_INVALID) })
      return
    }
    state.isAuthed = true
    send(response, 200, {
      retcode: retcodeString(Mt5Retcode.DONE),
      cli_rand_answer: mt5RandAnswer(hash, cliRand),
      version_trade: '4000',
    })
  }

  private command(path: string, params: Record<string, unknown>, manager: string): unknown {
    const done = (answer?: unknown) => ({
      retcode: retcodeString(Mt5Retcode.DONE),
      ...(answer === undefined ? {} : { answer }),
    })
    switch (path) {
      case '/api/test/access':
        return done()
      case '/api/time/get':
        if (!this.canReadTimeConfig) refuse(Mt5Retcode.ERR_PERMISSIONS)
        return done({
          Daylight: '0',
          DaylightState: '0',
          TimeZone: String(this.timeZoneMinutes),
          TimeServer: '',
          Days: [],
        })
      case '/api/time/server': {
        const serverMs = this.wallMs(this.now())
        const text = new Date(serverMs).toISOString().slice(0, 19).replace('T', ' ')
        return done({ Time: `${Math.floor(serverMs / 1000)} ${text.replace(/-/g, '.')}` })
      }
      case '/api/user/add':
        return done(this.userView(this.addUser(params)))
      case '/api/user/get':
        return done(this.userView(this.userParam(params)))
      case '/api/user/get_batch': {
        const users = this.selectUsers(params)
        return done(users.map((user) => this.userView(user)))
      }
      case '/api/user/update': {
        const user = this.userParam(params)
        if (params.Rights !== undefined || params.rights !== undefined) {
          user.rights = int(params.Rights ?? params.rights)
        }
        if (params.Leverage !== undefined || params.leverage !== undefined) {
          user.leverage = int(params.Leverage ?? params.leverage)
        }
        return done(this.userView(user))
      }
      case '/api/user/change_password': {
        const user = this.userParam(params)
        const password = String(params.Password ?? params.password ?? '')
        const type = String(params.Type ?? params.type ?? 'main')
        if (!meetsMt5PasswordPolicy(password)) refuse(Mt5Retcode.USR_INVALID_PASSWORD)
        if (type === 'main') user.passMain = password
        else if (type === 'investor') user.passInvestor = password
        else refuse(Mt5Retcode.ERR_PARAMS)
        return done()
      }
      case '/api/user/account/get':
        return done(this.accountView(this.userParam(params)))
      case '/api/user/account/get_batch':
        return done(this.selectUsers(params).map((user) => this.accountView(user)))
      case '/api/trade/balance': {
        const user = this.userParam(params)
        if (int(params.type ?? params.Type) !== Mt5DealAction.BALANCE) refuse(Mt5Retcode.ERR_PARAMS)
        const amount = scaledInt(String(params.balance ?? params.Balance ?? ''), 2)
        if (amount === 0) refuse(Mt5Retcode.ERR_PARAMS)
        if (amount < 0 && -amount > this.equityOf(user)) refuse(Mt5Retcode.REQUEST_NO_MONEY)
        user.balance += amount
        const deal = this.addDeal(user, {
          action: Mt5DealAction.BALANCE,
          entry: Mt5DealEntry.IN,
          symbol: '',
          price: 0,
          volume: 0,
          profit: amount,
          positionId: 0,
          reason: Mt5DealReason.DEALER,
          comment: String(params.comment ?? '').slice(0, 31),
        })
        return done({ Ticket: String(deal.deal) })
      }
      case '/api/deal/get_page': {
        const user = this.userParam(params)
        const { fromMs, toMs } = this.range(params)
        const offset = int(params.offset ?? 0)
        const total = Math.min(int(params.total ?? 100), 100)
        const deals = this.deals.filter(
          (deal) => deal.login === user.login && deal.timeMs >= fromMs && deal.timeMs <= toMs,
        )
        return done(deals.slice(offset, offset + total).map((deal) => this.dealView(deal)))
      }
      case '/api/deal/get_batch': {
        const logins = new Set(this.selectUsers(params).map((user) => user.login))
        const { fromMs, toMs } = this.range(params)
        return done(
          this.deals
            .filter(
              (deal) => logins.has(deal.login) && deal.timeMs >= fromMs && deal.timeMs <= toMs,
            )
            .map((deal) => this.dealView(deal)),
        )
      }
      case '/api/position/get_page': {
        const user = this.userParam(params)
        const offset = int(params.offset ?? 0)
        const total = Math.min(int(params.total ?? 100), 100)
        const positions = [...this.positions.values()].filter((p) => p.login === user.login)
        return done(positions.slice(offset, offset + total).map((p) => this.positionView(p)))
      }
      case '/api/order/get_page': {
        const user = this.userParam(params)
        const offset = int(params.offset ?? 0)
        const total = Math.min(int(params.total ?? 100), 100)
        const orders = [...this.orders.values()].filter((order) => order.login === user.login)
        return done(orders.slice(offset, offset + total).map((order) => this.orderView(order)))
      }
      case '/api/order/cancel': {
        // the tickets, comma-separated: moved to history (here: gone from the working orders)
        const tickets = String(params.ticket ?? params.Ticket ?? '').split(',')
        const found = tickets.map((ticket) => this.orders.get(int(ticket)))
        if (found.some((order) => !order)) refuse(Mt5Retcode.ERR_NOTFOUND)
        for (const order of found) this.orders.delete(order!.ticket)
        return done()
      }
      case '/api/position/get_batch': {
        const logins = new Set(this.selectUsers(params).map((user) => user.login))
        return done(
          [...this.positions.values()]
            .filter((position) => logins.has(position.login))
            .map((position) => this.positionView(position)),
        )
      }
      case '/api/dealer/send_request': {
        if (!this.managers[manager]?.canDeal) refuse(Mt5Retcode.ERR_PERMISSIONS)
        // TA_DEALER_POS_EXECUTE (200): close the position at market
        if (int(params.Action ?? params.action) !== 200) refuse(Mt5Retcode.ERR_PARAMS)
        const ticket = int(params.Position ?? params.position)
        const position = this.positions.get(ticket)
        if (!position || position.login !== int(params.Login ?? params.login)) {
          refuse(Mt5Retcode.ERR_NOTFOUND)
        }
        const deal = this.closePosition(ticket, Mt5DealReason.DEALER)
        deal.comment = String(params.Comment ?? params.comment ?? '').slice(0, 31)
        const id = this.nextRequestId++
        this.dealerResults.set(id, { retcode: Mt5Retcode.REQUEST_DONE, deal: deal.deal })
        return done({ id: String(id) })
      }
      case '/api/dealer/get_request_result': {
        const result = this.dealerResults.get(int(params.id))
        if (!result) refuse(Mt5Retcode.ERR_NOTFOUND)
        return done({
          id: String(params.id),
          result: { Retcode: retcodeString(result!.retcode), Deal: String(result!.deal) },
        })
      }
      default:
        refuse(Mt5Retcode.ERR_PARAMS, 404)
    }
  }

  /** A true UTC time as this server's wall clock (what it sends). */
  private wallMs(utcMs: number): number {
    return utcMs + this.timeZoneMinutes * 60_000
  }

  /** A request's period (from, to: this server's wall clock, seconds) as true UTC ms. */
  private range(params: Record<string, unknown>): { fromMs: number; toMs: number } {
    const from = int(params.from)
    const to = int(params.to)
    if (!Number.isFinite(from) || !Number.isFinite(to)) refuse(Mt5Retcode.ERR_PARAMS)
    const zoneMs = this.timeZoneMinutes * 60_000
    return { fromMs: from * 1000 - zoneMs, toMs: to * 1000 + 999 - zoneMs }
  }

  private addUser(params: Record<string, unknown>): FakeMt5User {
    const group = String(params.Group ?? params.group ?? '')
    const passMain = String(params.PassMain ?? params.pass_main ?? '')
    const passInvestor = String(params.PassInvestor ?? params.pass_investor ?? '')
    const leverage = int(params.Leverage ?? params.leverage ?? 100)
    if (!group || !Number.isSafeInteger(leverage) || leverage < 1) refuse(Mt5Retcode.ERR_PARAMS)
    if (!meetsMt5PasswordPolicy(passMain) || !meetsMt5PasswordPolicy(passInvestor)) {
      refuse(Mt5Retcode.USR_INVALID_PASSWORD)
    }
    const user: FakeMt5User = {
      login: this.nextLogin++,
      group,
      name: String(params.Name ?? params.name ?? ''),
      email: String(params.Email ?? params.email ?? ''),
      comment: String(params.Comment ?? params.comment ?? '').slice(0, 64),
      rights: int(params.Rights ?? params.rights ?? Mt5UserRights.ENABLED),
      leverage,
      passMain,
      passInvestor,
      balance: 0,
      extraFloating: 0,
      registeredMs: this.now(),
    }
    this.users.set(user.login, user)
    return user
  }

  private userParam(params: Record<string, unknown>): FakeMt5User {
    const user = this.users.get(int(params.login ?? params.Login))
    if (!user) refuse(Mt5Retcode.ERR_NOTFOUND)
    return user!
  }

  private selectUsers(params: Record<string, unknown>): FakeMt5User[] {
    const logins = params.login ?? params.Login
    if (logins !== undefined) {
      const list = Array.isArray(logins) ? logins : String(logins).split(',')
      return list.flatMap((login) => this.users.get(int(login)) ?? [])
    }
    const groups = params.group ?? params.Group
    if (groups !== undefined) {
      const list = new Set(Array.isArray(groups) ? groups.map(String) : String(groups).split(','))
      return [...this.users.values()].filter((user) => list.has(user.group))
    }
    refuse(Mt5Retcode.ERR_PARAMS)
    return []
  }

  private userView(user: FakeMt5User) {
    return {
      Login: String(user.login),
      Group: user.group,
      Rights: String(user.rights),
      Name: user.name,
      Email: user.email,
      Comment: user.comment,
      Leverage: String(user.leverage),
      Registration: String(Math.floor(this.wallMs(user.registeredMs) / 1000)),
      Balance: moneyText(user.balance),
    }
  }

  private accountView(user: FakeMt5User) {
    const equity = this.equityOf(user)
    const floating = equity - user.balance
    let margin = 0
    for (const position of this.positions.values()) {
      if (position.login === user.login) margin += Math.round(position.volume / 10)
    }
    return {
      Login: String(user.login),
      CurrencyDigits: '2',
      Balance: moneyText(user.balance),
      Credit: '0.00',
      Margin: moneyText(margin),
      MarginFree: moneyText(equity - margin),
      MarginLevel: margin > 0 ? ((equity / margin) * 100).toFixed(2) : '0.00',
      MarginLeverage: String(user.leverage),
      Profit: moneyText(floating),
      Storage: '0.00',
      Floating: moneyText(floating),
      Equity: moneyText(equity),
      SOActivation: '0',
    }
  }

  private positionView(position: FakeMt5Position) {
    const digits = findInstrument(position.symbol)?.digits ?? 5
    return {
      Position: String(position.ticket),
      Login: String(position.login),
      Symbol: position.symbol,
      Action: String(position.action),
      Digits: String(digits),
      PriceOpen: scaledText(position.priceOpen, digits),
      PriceCurrent: scaledText(position.priceCurrent, digits),
      PriceSL: '0',
      PriceTP: '0',
      Volume: String(position.volume),
      TimeCreate: String(Math.floor(this.wallMs(position.openMs) / 1000)),
      TimeCreateMsc: String(this.wallMs(position.openMs)),
      Profit: moneyText(position.profit),
      Storage: '0.00',
    }
  }

  private orderView(order: FakeMt5Order) {
    const digits = findInstrument(order.symbol)?.digits ?? 5
    return {
      Order: String(order.ticket),
      Login: String(order.login),
      Symbol: order.symbol,
      Digits: String(digits),
      Type: String(order.type),
      // ORDER_STATE_PLACED
      State: '1',
      PriceOrder: scaledText(order.price, digits),
      PriceSL: '0',
      PriceTP: '0',
      VolumeInitial: String(order.volume),
      VolumeCurrent: String(order.volume),
      TimeSetup: String(Math.floor(this.wallMs(order.setupMs) / 1000)),
      TimeSetupMsc: String(this.wallMs(order.setupMs)),
    }
  }

  private dealView(deal: FakeMt5Deal) {
    const digits = deal.symbol ? (findInstrument(deal.symbol)?.digits ?? 5) : 2
    return {
      Deal: String(deal.deal),
      Login: String(deal.login),
      Action: String(deal.action),
      Entry: String(deal.entry),
      Symbol: deal.symbol,
      Digits: String(digits),
      Price: scaledText(deal.price, digits),
      Volume: String(deal.volume),
      Time: String(Math.floor(this.wallMs(deal.timeMs) / 1000)),
      TimeMsc: String(this.wallMs(deal.timeMs)),
      Profit: moneyText(deal.profit),
      Storage: '0.00',
      Commission: '0.00',
      PositionID: String(deal.positionId),
      Reason: String(deal.reason),
      Comment: deal.comment,
    }
  }

  // ---- the control page -------------------------------------------------------------------------

  private async control(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    if (request.method === 'POST') {
      const form = new URLSearchParams(await readText(request))
      let notice = ''
      try {
        const login = form.get('login') ?? ''
        if (url.pathname === '/control/equity') {
          this.setEquity(login, scaledInt(form.get('equity') ?? '', 2))
          notice = `Equity of ${login} set.`
        } else if (url.pathname === '/control/open') {
          const position = this.openPosition(login, {
            symbol: (form.get('symbol') ?? 'EURUSD').toUpperCase(),
            side: form.get('side') === 'sell' ? 'sell' : 'buy',
            lots: Number(form.get('lots') ?? '0.1'),
          })
          notice = `Position ${position.ticket} opened on ${login}.`
        } else if (url.pathname === '/control/order') {
          const type = form.get('type') ?? ''
          if (!['buy-limit', 'sell-limit', 'buy-stop', 'sell-stop'].includes(type)) {
            throw new Error(`no order type ${type}`)
          }
          const order = this.placeOrder(login, {
            symbol: (form.get('symbol') ?? 'EURUSD').toUpperCase(),
            type: type as 'buy-limit' | 'sell-limit' | 'buy-stop' | 'sell-stop',
            lots: Number(form.get('lots') ?? '0.1'),
            price: form.get('price') ?? '',
          })
          notice = `Order ${order.ticket} placed on ${login}.`
        } else if (url.pathname === '/control/close') {
          const ticket = Number(form.get('ticket'))
          this.setPositionProfit(ticket, scaledInt(form.get('profit') ?? '0', 2))
          this.closePosition(ticket)
          notice = `Position ${ticket} closed.`
        }
      } catch (error) {
        notice = `Not done: ${error instanceof Error ? error.message : String(error)}`
      }
      response.writeHead(303, { location: `/control?notice=${encodeURIComponent(notice)}` })
      response.end()
      return
    }
    const html = renderControlPage({
      notice: url.searchParams.get('notice') ?? '',
      accounts: [...this.users.values()].map((user) => ({
        login: user.login,
        group: user.group,
        name: user.name,
        balance: moneyText(user.balance),
        equity: moneyText(this.equityOf(user)),
        isTradingDisabled: (user.rights & Mt5UserRights.TRADE_DISABLED) !== 0,
        positions: [...this.positions.values()]
          .filter((position) => position.login === user.login)
          .map((position) => ({
            ticket: position.ticket,
            symbol: position.symbol,
            side: position.action === 0 ? 'buy' : 'sell',
            lots: position.volume / 10_000,
            profit: moneyText(position.profit),
          })),
        orders: [...this.orders.values()]
          .filter((order) => order.login === user.login)
          .map((order) => {
            const digits = findInstrument(order.symbol)?.digits ?? 5
            return {
              ticket: order.ticket,
              symbol: order.symbol,
              type: ['', '', 'buy limit', 'sell limit', 'buy stop', 'sell stop'][order.type] ?? '',
              lots: order.volume / 10_000,
              price: scaledText(order.price, digits),
            }
          }),
      })),
    })
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(html)
  }
}

class FakeRefusal extends Error {
  constructor(
    readonly retcode: number,
    readonly httpStatus: number,
  ) {
    super(retcodeString(retcode))
  }
}

function refuse(retcode: number, httpStatus = 200): never {
  throw new FakeRefusal(retcode, httpStatus)
}

function int(value: unknown): number {
  const parsed = Number(value)
  return Number.isFinite(parsed) ? Math.trunc(parsed) : Number.NaN
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function send(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  })
  response.end(text)
}

async function readText(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

async function readJson(request: http.IncomingMessage): Promise<unknown> {
  const text = await readText(request)
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    refuse(Mt5Retcode.ERR_DATA)
  }
}

/** Starts a fake MT5 server on loopback. */
export async function startMt5Fake(options: Mt5FakeOptions = {}): Promise<Mt5Fake> {
  const fake = new Mt5Fake(options)
  await fake.listen(options.port ?? 0)
  return fake
}
