import {
  checkCloseVolume,
  checkMargin,
  checkPendingPrice,
  checkStops,
  closePosition,
  closingPrice,
  accountMargin,
  figuresOf,
  positionProfit,
  findInstrument,
  getInstrument,
  isMarketOpen,
  isPendingOrderTriggered,
  isPendingOrderType,
  isLevelAtOrBelow,
  openingDeal,
  profitAt,
  planStopOut,
  positionFigures,
  rolloverNights,
  sideOfOrder,
  stopTriggeredAt,
  swapCharge,
  tradingIssue,
  tradingMessages,
  validateOrder,
  type LiveAccountFigures,
  type OpenPosition,
  type PendingOrderType,
  type PositionTerms,
  type Quote,
  type QuoteBook,
  type Side,
  type Tick,
  type TradingIssue,
} from '@tp/domain'
import type {
  AccountEvent,
  AccountLimits,
  CloseReason,
  PlaceOrderRequest,
  PlaceOrderResult,
  PlatformAccountInfo,
  PlatformClosedTrade,
  PlatformOrder,
  PlatformPosition,
  PositionTotals,
  TradeResult,
} from '../trading-platform'
import {
  H_COUNT,
  H_MARGIN_CALL_PERCENT,
  H_STOP_OUT_PERCENT,
  H_SWAP,
  instrumentAt,
  P_INSTRUMENT,
  P_OPEN_PRICE,
  P_SIDE,
  P_STOP_LOSS,
  P_TAKE_PROFIT,
  P_VOLUME,
  PackedMarks,
  POSITION_BASE,
  POSITION_STRIDE,
  SLOT_STRIDE,
} from './packed-marks'

// The simulated trading server's books, in memory: accounts, positions, pending orders, and what
// every tick does to them (pending orders triggering, stop losses and take profits, margin call,
// stop-out, equity). All maths comes from @tp/domain (decision 0013); this class only keeps the
// books and calls it. It is synchronous on purpose: a tick is applied to every account before the
// next one, so an event (equity, a fill, a stop-out) always describes one consistent moment, and
// the live risk monitor, listening synchronously, sees breaches on the very tick that makes them.
// Persistence is the store's job: every change is handed to `persist` as a list of writes.

export interface SimPosition extends OpenPosition {
  readonly id: string
  readonly symbol: string
  readonly side: Side
  volume: number
  readonly initialVolume: number
  readonly openPrice: number
  readonly openTimeMs: number
  stopLoss: number | null
  takeProfit: number | null
  /** swap accumulated on the open part, cents */
  swap: number
  /** commission booked for the whole position so far (opening and partial closes), cents <= 0 */
  commission: number
  /** what partial closes have realised so far */
  realizedProfit: number
  realizedSwap: number
}

export interface SimOrder {
  readonly id: string
  readonly symbol: string
  readonly type: PendingOrderType
  readonly volume: number
  price: number
  stopLoss: number | null
  takeProfit: number | null
  readonly createdAtMs: number
}

export interface SimAccount {
  readonly id: string
  readonly login: string
  readonly server: string
  leverage: number
  readonly limits: AccountLimits
  balance: number
  isTradingEnabled: boolean
  readonly positions: Map<string, SimPosition>
  readonly orders: Map<string, SimOrder>
  /** quotes a scenario script sets for this account alone (the script is its market) */
  overrides: Map<string, Tick> | null
  isMarginCall: boolean
  lastEmittedBalance: number
  lastEmittedEquity: number
  /** symbols whose ticks concern it: its positions' and orders' symbols and conversion pairs */
  dependencies: Set<string>
  /**
   * The account's margin, kept between ticks that cannot change it: a position holds margin at
   * its open price, so only a position change or a tick of a conversion pair moves it.
   */
  marginCache?: number | null
  /** the conversion pairs its positions' margins are converted through */
  marginSymbols?: Set<string>
  /** its record in the packed books (packed-marks.ts), given by the engine */
  markSlot?: number
}

export interface SimDeal {
  id: string
  accountId: string
  positionId: string | null
  entry: 'in' | 'out' | 'balance'
  symbol: string | null
  side: Side | null
  volume: number | null
  price: number | null
  openPrice: number | null
  openTimeMs: number | null
  timeMs: number
  profit: number
  swap: number
  commission: number
  reason: CloseReason | 'open' | 'deposit' | 'withdrawal'
  balanceAfter: number
}

export type SimWrite =
  | { kind: 'account'; balance: number; isTradingEnabled: boolean }
  | { kind: 'leverage'; leverage: number }
  | { kind: 'position'; position: SimPosition }
  | { kind: 'position-deleted'; id: string }
  | { kind: 'order'; order: SimOrder }
  | { kind: 'order-deleted'; id: string }
  | { kind: 'deal'; deal: SimDeal }

export interface SimEngineOptions {
  now(): number
  nextTicket(): string
  persist(accountId: string, writes: SimWrite[]): void
  emit(accountId: string, event: AccountEvent): void
  /** every tick through the object path (the property test holds the packed path to it) */
  isPackedMarkOff?: boolean
}

const found = <T>(value: T): TradeResult<T> => ({ ok: true, value })
const refused = <T>(...issues: TradingIssue[]): TradeResult<T> => ({ ok: false, issues })

export class SimEngine {
  readonly quotes = new Map<string, Quote>()
  readonly accounts = new Map<string, SimAccount>()
  /** symbol -> accounts whose figures or orders that symbol's ticks can change */
  private readonly dependents = new Map<string, Set<SimAccount>>()
  /** what a tick reads of each account, in flat numbers (decision 0027) */
  private readonly marks = new PackedMarks()
  private readonly bySlot: SimAccount[] = []

  constructor(private readonly options: SimEngineOptions) {}

  // ---- accounts ---------------------------------------------------------------------------

  addAccount(account: SimAccount): void {
    this.accounts.set(account.id, account)
    account.markSlot = this.marks.allocate()
    this.bySlot[account.markSlot] = account
    this.reindex(account)
    const figures = this.figures(account)
    account.lastEmittedBalance = figures.balance
    account.lastEmittedEquity = figures.equity
    account.isMarginCall = figures.isMarginCall
  }

  account(id: string): SimAccount | undefined {
    return this.accounts.get(id)
  }

  /** Equity, margin and margin level now (the hot path: every concerned account on every tick). */
  figures(account: SimAccount): LiveAccountFigures {
    const book = this.bookOf(account)
    let floatingProfit = 0
    let swap = 0
    for (const position of account.positions.values()) {
      floatingProfit += positionProfit(position, book)
      swap += position.swap
    }
    return figuresOf(
      account.balance,
      floatingProfit,
      swap,
      this.marginOf(account, book),
      account.limits,
    )
  }

  /** The margin the account holds, cached between ticks that cannot change it. */
  private marginOf(account: SimAccount, book: QuoteBook): number {
    let margin = account.overrides === null ? account.marginCache : null
    if (margin === null || margin === undefined) {
      margin = accountMargin([...account.positions.values()], account.leverage, book)
      if (account.overrides === null) account.marginCache = margin
    }
    return margin
  }

  info(account: SimAccount): PlatformAccountInfo {
    const figures = this.figures(account)
    return {
      externalId: account.id,
      login: account.login,
      server: account.server,
      currency: 'USD',
      leverage: account.leverage,
      balance: figures.balance,
      equity: figures.equity,
      floatingProfit: figures.floatingProfit,
      swap: figures.swap,
      margin: figures.margin,
      freeMargin: figures.freeMargin,
      marginLevelPercent: figures.marginLevelPercent,
      isMarginCall: figures.isMarginCall,
      isTradingEnabled: account.isTradingEnabled,
    }
  }

  positionsOf(account: SimAccount): PlatformPosition[] {
    const book = this.bookOf(account)
    return [...account.positions.values()]
      .sort((a, b) => a.openTimeMs - b.openTimeMs || compareTickets(a.id, b.id))
      .map((position) => this.positionDto(account, position, book))
  }

  ordersOf(account: SimAccount): PlatformOrder[] {
    return [...account.orders.values()]
      .sort((a, b) => a.createdAtMs - b.createdAtMs || compareTickets(a.id, b.id))
      .map(orderDto)
  }

  /** A scenario's quote for this account alone; it stays until cleared. */
  setOverride(account: SimAccount, symbol: string, quote: Quote, tMs: number): void {
    account.overrides ??= new Map()
    account.overrides.set(symbol, { symbol, bid: quote.bid, ask: quote.ask, tMs })
    this.repack(account)
    this.processAccountTick(account, symbol, tMs)
  }

  clearOverrides(account: SimAccount, tMs: number): void {
    if (account.overrides === null) return
    account.overrides = null
    this.repack(account)
    this.afterChange(account, tMs)
  }

  // ---- the market -------------------------------------------------------------------------

  /** A market tick: every account it concerns is brought up to date before this returns. */
  onTick(symbol: string, quote: Quote, tMs: number): void {
    this.quotes.set(symbol, quote)
    const concerned = this.dependents.get(symbol)
    if (concerned === undefined) return
    // a fill or a close can change who depends on the symbol while we walk: the walk keeps the
    // list it started with (a change builds a new one)
    const slots = this.marks.slotsOf(symbol, concerned)
    const isPackedOn = this.options.isPackedMarkOff !== true
    for (let i = 0; i < slots.length; i++) {
      const account = this.bySlot[slots[i]!]!
      if (isPackedOn && this.markPacked(account, symbol, quote, tMs)) continue
      if (account.overrides?.has(symbol)) continue
      this.processAccountTick(account, symbol, tMs)
    }
  }

  /** Charges the swap of a rollover to every position opened before it and still open. */
  applyRollover(rolloverMs: number, tMs: number): void {
    for (const account of this.accounts.values()) {
      if (account.positions.size === 0) continue
      const book = this.bookOf(account)
      const writes: SimWrite[] = []
      for (const position of account.positions.values()) {
        if (position.openTimeMs >= rolloverMs) continue
        const instrument = getInstrument(position.symbol)
        const nights = rolloverNights(instrument, rolloverMs)
        if (nights === 0) continue
        const charge = swapCharge(instrument, position.side, position.volume, nights, book)
        if (charge === 0) continue
        position.swap += charge
        writes.push({ kind: 'position', position: { ...position } })
      }
      if (writes.length === 0) continue
      this.persist(account, writes)
      this.options.emit(account.id, { type: 'swap-charged', tMs })
      this.afterChange(account, tMs)
    }
  }

  // ---- the trader's operations --------------------------------------------------------------

  placeOrder(account: SimAccount, request: PlaceOrderRequest): PlaceOrderResult {
    const tMs = this.options.now()
    if (!account.isTradingEnabled) return refusedOrder(disabledIssue())
    const instrument = findInstrument(request.symbol)
    if (instrument === null) {
      return refusedOrder(tradingIssue('unknown-symbol', 'symbol', tradingMessages.unknownSymbol))
    }
    const book = this.bookOf(account)
    const quote = book.get(instrument.symbol)
    if (quote === undefined) {
      return refusedOrder(tradingIssue('market-closed', 'symbol', tradingMessages.marketClosed))
    }
    const isScripted = account.overrides?.has(instrument.symbol) ?? false
    const issues = validateOrder(
      instrument,
      {
        type: request.type,
        volume: request.volume,
        price: request.price,
        stopLoss: request.stopLoss,
        takeProfit: request.takeProfit,
      },
      { quote, tMs, policy: account.limits },
    ).filter((issue) => !(isScripted && issue.code === 'market-closed'))
    if (issues.length > 0) return { ok: false, issues }

    if (isPendingOrderType(request.type)) {
      const order: SimOrder = {
        id: this.options.nextTicket(),
        symbol: instrument.symbol,
        type: request.type,
        volume: request.volume,
        price: request.price!,
        stopLoss: request.stopLoss,
        takeProfit: request.takeProfit,
        createdAtMs: tMs,
      }
      account.orders.set(order.id, order)
      this.reindex(account)
      this.persist(account, [{ kind: 'order', order: { ...order } }])
      this.options.emit(account.id, { type: 'order-placed', tMs, order: orderDto(order) })
      return { ok: true, position: null, order: orderDto(order) }
    }

    const side = sideOfOrder(request.type)
    const opened = this.open(account, {
      id: this.options.nextTicket(),
      symbol: instrument.symbol,
      side,
      volume: request.volume,
      stopLoss: request.stopLoss,
      takeProfit: request.takeProfit,
      tMs,
      orderWrites: [],
    })
    if (!opened.ok) return { ok: false, issues: opened.issues }
    this.afterChange(account, tMs)
    return {
      ok: true,
      position: this.positionDto(account, opened.value, this.bookOf(account)),
      order: null,
    }
  }

  modifyPosition(
    account: SimAccount,
    positionId: string,
    stops: { stopLoss: number | null; takeProfit: number | null },
  ): TradeResult<PlatformPosition> | null {
    const position = account.positions.get(positionId)
    if (position === undefined) return null
    if (!account.isTradingEnabled) return refused(disabledIssue())
    const instrument = getInstrument(position.symbol)
    const book = this.bookOf(account)
    const reference = closingPrice(position.side, book.get(position.symbol)!)
    const issues = checkStops(instrument, position.side, stops, reference)
    if (issues.length > 0) return refused(...issues)
    position.stopLoss = stops.stopLoss
    position.takeProfit = stops.takeProfit
    const tMs = this.options.now()
    this.persist(account, [{ kind: 'position', position: { ...position } }])
    const dto = this.positionDto(account, position, book)
    this.options.emit(account.id, { type: 'position-modified', tMs, position: dto })
    return found(dto)
  }

  /**
   * Closes a position (or `volume` of it) at market while its market trades. The trader's close
   * ('client') needs trading enabled; another reason is the firm's own (a manager's close).
   */
  closePosition(
    account: SimAccount,
    positionId: string,
    volume: number | null,
    reason: CloseReason = 'client',
  ): TradeResult<PlatformClosedTrade> | null {
    const position = account.positions.get(positionId)
    if (position === undefined) return null
    if (reason === 'client' && !account.isTradingEnabled) return refused(disabledIssue())
    const instrument = getInstrument(position.symbol)
    const tMs = this.options.now()
    const isScripted = account.overrides?.has(position.symbol) ?? false
    if (!isScripted && !isMarketOpen(instrument.symbol, tMs)) {
      return refused(tradingIssue('market-closed', 'symbol', tradingMessages.marketClosed))
    }
    const closeVolume = volume ?? position.volume
    const issue = checkCloseVolume(instrument, position.volume, closeVolume)
    if (issue) return refused(issue)
    const { trade } = this.close(account, position, closeVolume, reason, tMs)
    this.afterChange(account, tMs)
    return found(trade)
  }

  modifyOrder(
    account: SimAccount,
    orderId: string,
    changes: { price: number; stopLoss: number | null; takeProfit: number | null },
  ): TradeResult<PlatformOrder> | null {
    const order = account.orders.get(orderId)
    if (order === undefined) return null
    if (!account.isTradingEnabled) return refused(disabledIssue())
    const instrument = getInstrument(order.symbol)
    const quote = this.bookOf(account).get(order.symbol)!
    const priceIssue = checkPendingPrice(instrument, order.type, changes.price, quote)
    const issues = [
      ...(priceIssue ? [priceIssue] : []),
      ...checkStops(instrument, sideOfOrder(order.type), changes, changes.price),
    ]
    if (issues.length > 0) return refused(...issues)
    order.price = changes.price
    order.stopLoss = changes.stopLoss
    order.takeProfit = changes.takeProfit
    const tMs = this.options.now()
    this.persist(account, [{ kind: 'order', order: { ...order } }])
    this.options.emit(account.id, { type: 'order-placed', tMs, order: orderDto(order) })
    return found(orderDto(order))
  }

  cancelOrder(account: SimAccount, orderId: string): TradeResult<PlatformOrder> | null {
    const order = account.orders.get(orderId)
    if (order === undefined) return null
    if (!account.isTradingEnabled) return refused(disabledIssue())
    this.removeOrder(account, order, 'client', this.options.now())
    return found(orderDto(order))
  }

  // ---- the firm's operations (risk, lifecycle) -------------------------------------------------

  /** Closes every position at market, whatever the hours (a breach, a pass, a stop). */
  closeAll(account: SimAccount, reason: CloseReason): PlatformClosedTrade[] {
    const tMs = this.options.now()
    const closed = [...account.positions.values()].map(
      (position) => this.close(account, position, position.volume, reason, tMs).trade,
    )
    if (closed.length > 0) this.afterChange(account, tMs)
    return closed
  }

  cancelAll(account: SimAccount): PlatformOrder[] {
    const tMs = this.options.now()
    return [...account.orders.values()].map((order) => {
      this.removeOrder(account, order, 'disabled', tMs)
      return orderDto(order)
    })
  }

  /**
   * The account's leverage 1:N from now on. Only without positions and pending orders: their
   * margin was taken at the old leverage (MT5 would recompute it; a trader would be surprised).
   */
  setLeverage(account: SimAccount, leverage: number): TradeResult<PlatformAccountInfo> {
    if (!Number.isSafeInteger(leverage) || leverage < 1) {
      throw new RangeError(`leverage is a whole number 1:N, got ${leverage}`)
    }
    if (!account.isTradingEnabled) return refused(disabledIssue())
    if (account.positions.size > 0 || account.orders.size > 0) {
      return refused(tradingIssue('leverage', 'account', tradingMessages.leverageWithOpenTrades))
    }
    if (account.leverage !== leverage) {
      account.leverage = leverage
      account.marginCache = null
      this.persist(account, [{ kind: 'leverage', leverage }])
      this.options.emit(account.id, { type: 'leverage-changed', tMs: this.options.now(), leverage })
    }
    return found(this.info(account))
  }

  /** A balance operation (a payout's withdrawal: negative cents), booked as a 'balance' deal. */
  applyBalanceOperation(account: SimAccount, amountCents: number): SimDeal {
    const tMs = this.options.now()
    account.balance += amountCents
    const deal: SimDeal = {
      id: this.options.nextTicket(),
      accountId: account.id,
      positionId: null,
      entry: 'balance',
      symbol: null,
      side: null,
      volume: null,
      price: null,
      openPrice: null,
      openTimeMs: null,
      timeMs: tMs,
      profit: amountCents,
      swap: 0,
      commission: 0,
      reason: amountCents < 0 ? 'withdrawal' : 'deposit',
      balanceAfter: account.balance,
    }
    this.options.persist(account.id, [
      { kind: 'deal', deal },
      { kind: 'account', balance: account.balance, isTradingEnabled: account.isTradingEnabled },
    ])
    this.afterChange(account, tMs)
    return deal
  }

  setTradingEnabled(account: SimAccount, isEnabled: boolean): void {
    if (account.isTradingEnabled === isEnabled) return
    account.isTradingEnabled = isEnabled
    const tMs = this.options.now()
    this.persist(account, [
      { kind: 'account', balance: account.balance, isTradingEnabled: isEnabled },
    ])
    this.options.emit(account.id, { type: 'trading-enabled', tMs, isEnabled })
  }

  /**
   * Books a trade that happened before now (scenario histories): opened and closed at the given
   * moments and prices, with the same maths as a live one. Only for an account with nothing open.
   */
  bookPastTrade(
    account: SimAccount,
    trade: {
      symbol: string
      side: Side
      volume: number
      openPrice: number
      closePrice: number
      openTimeMs: number
      closeTimeMs: number
    },
  ): { opened: PlatformPosition; closed: PlatformClosedTrade; totals: PositionTotals } {
    const instrument = getInstrument(trade.symbol)
    const spread = instrument.typicalSpreadPoints
    const openQuote =
      trade.side === 'buy'
        ? { bid: trade.openPrice - spread, ask: trade.openPrice }
        : { bid: trade.openPrice, ask: trade.openPrice + spread }
    const closeQuote =
      trade.side === 'buy'
        ? { bid: trade.closePrice, ask: trade.closePrice + spread }
        : { bid: trade.closePrice - spread, ask: trade.closePrice }
    const saved = account.overrides
    const book = (quote: Quote, tMs: number) => {
      const tick: Tick = { symbol: trade.symbol, bid: quote.bid, ask: quote.ask, tMs }
      account.overrides = new Map([...(saved ?? []), [trade.symbol, tick]])
    }
    try {
      book(openQuote, trade.openTimeMs)
      const opened = this.open(account, {
        id: this.options.nextTicket(),
        symbol: trade.symbol,
        side: trade.side,
        volume: trade.volume,
        stopLoss: null,
        takeProfit: null,
        tMs: trade.openTimeMs,
        orderWrites: [],
        isMarginChecked: false,
      })
      if (!opened.ok) throw new Error(opened.issues.map((issue) => issue.message).join(' '))
      const openedDto = this.positionDto(account, opened.value, this.bookOf(account))
      this.emitEquity(account, trade.openTimeMs)
      book(closeQuote, trade.closeTimeMs)
      const { trade: closed, totals } = this.close(
        account,
        opened.value,
        opened.value.volume,
        'client',
        trade.closeTimeMs,
      )
      this.emitEquity(account, trade.closeTimeMs)
      return { opened: openedDto, closed, totals: totals! }
    } finally {
      account.overrides = saved
      this.reindex(account)
    }
  }

  // ---- internals ------------------------------------------------------------------------------

  /**
   * One tick for one account. The account is first marked to the tick with everything still
   * open (the equity event), and only then does the tick act: pending orders, stops, stop-out.
   * So a listener (the live risk monitor) sees the equity a price reached with the positions
   * that made it, even when the same tick goes on to close them (a gap through a stop loss or
   * the stop-out level), and what it does about it (a breach closes everything) comes first.
   */
  private processAccountTick(account: SimAccount, symbol: string, tMs: number): void {
    const marginSymbols = account.marginSymbols
    if (marginSymbols !== undefined && marginSymbols.size > 0 && marginSymbols.has(symbol)) {
      account.marginCache = null
    }
    const book = this.bookOf(account)
    const quote = book.get(symbol)
    if (quote === undefined) return
    // The hot path (every holder of the symbol, every tick): the mark in plain numbers - no
    // figures object, no copy of the books - and whether a stop of the symbol is hit, in the one
    // walk over the positions. Orders and stops act only when one is actually hit.
    let floatingProfit = 0
    let swap = 0
    let isStopHit = false
    for (const position of account.positions.values()) {
      floatingProfit += positionProfit(position, book)
      swap += position.swap
      if (
        position.symbol === symbol &&
        (position.stopLoss !== null || position.takeProfit !== null) &&
        stopTriggeredAt(position.side, position, quote) !== null
      ) {
        isStopHit = true
      }
    }
    const margin = this.marginOf(account, book)
    const equity = account.balance + floatingProfit + swap
    this.emitEquityIfMoved(account, account.balance, equity, tMs)
    let isChanged = false
    // a listener may have acted on the mark (closed everything): what follows reads the books again
    if (account.orders.size > 0) {
      let triggeredOrders: SimOrder[] | null = null
      for (const order of account.orders.values()) {
        if (order.symbol === symbol && isPendingOrderTriggered(order.type, order.price, quote)) {
          ;(triggeredOrders ??= []).push(order)
        }
      }
      if (triggeredOrders !== null) {
        for (const order of triggeredOrders) this.fill(account, order, tMs)
        isChanged = true
        // a position just filled may be stopped by the same quote
        isStopHit = true
      }
    }
    if (isStopHit) {
      const stopped: SimPosition[] = []
      for (const position of account.positions.values()) {
        if (
          position.symbol === symbol &&
          stopTriggeredAt(position.side, position, quote) !== null
        ) {
          stopped.push(position)
        }
      }
      for (const position of stopped) {
        const trigger = stopTriggeredAt(position.side, position, quote)
        if (trigger !== null && account.positions.has(position.id)) {
          this.close(account, position, position.volume, trigger, tMs)
          isChanged = true
        }
      }
    }
    const { stopOutPercent, marginCallPercent } = account.limits
    if (
      isChanged ||
      isLevelAtOrBelow(equity, margin, stopOutPercent) ||
      isLevelAtOrBelow(equity, margin, marginCallPercent) !== account.isMarginCall
    ) {
      this.afterChange(account, tMs)
    }
  }

  /**
   * The tick for an account in the plain case, from its packed record (decision 0027): marked,
   * the equity event, the margin-call / stop-out edge; the same as processAccountTick, in flat
   * numbers. False (nothing done) when the object path must take it: not packed (orders, scenario
   * quotes, many positions), a stop of the symbol reached, a quote missing.
   */
  private markPacked(account: SimAccount, symbol: string, quote: Quote, tMs: number): boolean {
    const values = this.marks.values
    const at = account.markSlot! * SLOT_STRIDE
    const count = values[at + H_COUNT]!
    if (count < 0) return false
    let margin = account.marginCache
    const quotes = this.quotes
    let floatingProfit = 0
    for (let i = 0; i < count; i++) {
      const p = at + POSITION_BASE + i * POSITION_STRIDE
      const instrument = instrumentAt(values[p + P_INSTRUMENT]!)
      // a position's margin is converted at the current rate of its conversion pair
      if (instrument.usdConversion !== null && instrument.usdConversion.symbol === symbol) {
        margin = null
      }
      const side: Side = values[p + P_SIDE]! > 0 ? 'buy' : 'sell'
      const isTicked = instrument.symbol === symbol
      const positionQuote = isTicked ? quote : quotes.get(instrument.symbol)
      if (positionQuote === undefined) return false
      if (isTicked) {
        const stopLoss = values[p + P_STOP_LOSS]!
        const takeProfit = values[p + P_TAKE_PROFIT]!
        if (
          !(Number.isNaN(stopLoss) && Number.isNaN(takeProfit)) &&
          stopTriggeredAt(
            side,
            {
              stopLoss: Number.isNaN(stopLoss) ? null : stopLoss,
              takeProfit: Number.isNaN(takeProfit) ? null : takeProfit,
            },
            positionQuote,
          ) !== null
        ) {
          return false
        }
      }
      floatingProfit += profitAt(
        instrument,
        side,
        values[p + P_VOLUME]!,
        values[p + P_OPEN_PRICE]!,
        closingPrice(side, positionQuote),
        quotes,
      )
    }
    if (margin === null || margin === undefined) {
      margin = accountMargin(packedTerms(values, at, count), account.leverage, quotes)
      account.marginCache = margin
    }
    const stopOutPercent = values[at + H_STOP_OUT_PERCENT]!
    const marginCallPercent = values[at + H_MARGIN_CALL_PERCENT]!
    const balance = account.balance
    const equity = balance + floatingProfit + values[at + H_SWAP]!
    this.emitEquityIfMoved(account, balance, equity, tMs)
    // as processAccountTick: a listener may have acted on the mark; the edge is judged on it
    if (
      isLevelAtOrBelow(equity, margin, stopOutPercent) ||
      isLevelAtOrBelow(equity, margin, marginCallPercent) !== account.isMarginCall
    ) {
      this.afterChange(account, tMs)
    }
    return true
  }

  /** Every change of the books is persisted: the packed record follows it first. */
  private persist(account: SimAccount, writes: SimWrite[]): void {
    this.repack(account)
    this.options.persist(account.id, writes)
  }

  private repack(account: SimAccount): void {
    if (account.markSlot !== undefined) this.marks.pack(account.markSlot, account)
  }

  private fill(account: SimAccount, order: SimOrder, tMs: number): void {
    const orderWrites: SimWrite[] = [{ kind: 'order-deleted', id: order.id }]
    account.orders.delete(order.id)
    const opened = this.open(account, {
      id: order.id,
      symbol: order.symbol,
      side: sideOfOrder(order.type),
      volume: order.volume,
      stopLoss: order.stopLoss,
      takeProfit: order.takeProfit,
      tMs,
      orderWrites,
    })
    if (opened.ok) {
      this.options.emit(account.id, {
        type: 'order-filled',
        tMs,
        order: orderDto(order),
        position: this.positionDto(account, opened.value, this.bookOf(account)),
      })
      return
    }
    // not enough margin when it triggers: MetaTrader rejects (and removes) the order
    this.reindex(account)
    this.persist(account, orderWrites)
    this.options.emit(account.id, {
      type: 'order-cancelled',
      tMs,
      order: orderDto(order),
      reason: 'no-margin',
    })
  }

  private open(
    account: SimAccount,
    input: {
      id: string
      symbol: string
      side: Side
      volume: number
      stopLoss: number | null
      takeProfit: number | null
      tMs: number
      orderWrites: SimWrite[]
      isMarginChecked?: boolean
    },
  ): TradeResult<SimPosition> {
    const instrument = getInstrument(input.symbol)
    const book = this.bookOf(account)
    const quote = book.get(input.symbol)!
    const deal = openingDeal(instrument, input.side, input.volume, quote)
    const position: SimPosition = {
      id: input.id,
      symbol: input.symbol,
      side: input.side,
      volume: input.volume,
      initialVolume: input.volume,
      openPrice: deal.price,
      openTimeMs: input.tMs,
      stopLoss: input.stopLoss,
      takeProfit: input.takeProfit,
      swap: 0,
      commission: deal.commission,
      realizedProfit: 0,
      realizedSwap: 0,
    }
    if (input.isMarginChecked !== false) {
      const issue = checkMargin(
        {
          balance: account.balance,
          leverage: account.leverage,
          positions: [...account.positions.values()],
        },
        position,
        deal.commission,
        book,
        account.limits,
      )
      if (issue) return refused(issue)
    }
    account.balance += deal.commission
    account.positions.set(position.id, position)
    this.reindex(account)
    this.persist(account, [
      ...input.orderWrites,
      { kind: 'position', position: { ...position } },
      {
        kind: 'deal',
        deal: {
          id: this.options.nextTicket(),
          accountId: account.id,
          positionId: position.id,
          entry: 'in',
          symbol: position.symbol,
          side: position.side,
          volume: position.volume,
          price: position.openPrice,
          openPrice: null,
          openTimeMs: null,
          timeMs: input.tMs,
          profit: 0,
          swap: 0,
          commission: deal.commission,
          reason: 'open',
          balanceAfter: account.balance,
        },
      },
      { kind: 'account', balance: account.balance, isTradingEnabled: account.isTradingEnabled },
    ])
    this.options.emit(account.id, {
      type: 'position-opened',
      tMs: input.tMs,
      position: this.positionDto(account, position, book),
    })
    return found(position)
  }

  private close(
    account: SimAccount,
    position: SimPosition,
    volume: number,
    reason: CloseReason,
    tMs: number,
  ): { trade: PlatformClosedTrade; totals: PositionTotals | null } {
    const book = this.bookOf(account)
    const result = closePosition(position, volume, book)
    account.balance += result.balanceChange
    const trade: PlatformClosedTrade = {
      id: this.options.nextTicket(),
      positionId: position.id,
      symbol: position.symbol,
      side: position.side,
      volume,
      openPrice: position.openPrice,
      closePrice: result.closePrice,
      openTimeMs: position.openTimeMs,
      closeTimeMs: tMs,
      profit: result.profit,
      swap: result.swap,
      commission: result.commission,
      reason,
    }
    const writes: SimWrite[] = []
    let totals: PositionTotals | null = null
    if (result.remaining) {
      position.volume = result.remaining.volume
      position.swap = result.remaining.swap
      position.commission += result.commission
      position.realizedProfit += result.profit
      position.realizedSwap += result.swap
      writes.push({ kind: 'position', position: { ...position } })
    } else {
      totals = {
        positionId: position.id,
        symbol: position.symbol,
        side: position.side,
        volume: position.initialVolume,
        openPrice: position.openPrice,
        openTimeMs: position.openTimeMs,
        closePrice: result.closePrice,
        closeTimeMs: tMs,
        profit: position.realizedProfit + result.profit,
        swap: position.realizedSwap + result.swap,
        commission: position.commission + result.commission,
      }
      account.positions.delete(position.id)
      this.reindex(account)
      writes.push({ kind: 'position-deleted', id: position.id })
    }
    writes.push(
      {
        kind: 'deal',
        deal: {
          id: trade.id,
          accountId: account.id,
          positionId: position.id,
          entry: 'out',
          symbol: position.symbol,
          side: position.side,
          volume,
          price: result.closePrice,
          openPrice: position.openPrice,
          openTimeMs: position.openTimeMs,
          timeMs: tMs,
          profit: result.profit,
          swap: result.swap,
          commission: result.commission,
          reason,
          balanceAfter: account.balance,
        },
      },
      { kind: 'account', balance: account.balance, isTradingEnabled: account.isTradingEnabled },
    )
    this.persist(account, writes)
    this.options.emit(account.id, { type: 'position-closed', tMs, trade, totals })
    return { trade, totals }
  }

  private removeOrder(
    account: SimAccount,
    order: SimOrder,
    reason: 'client' | 'no-margin' | 'disabled',
    tMs: number,
  ): void {
    account.orders.delete(order.id)
    this.reindex(account)
    this.persist(account, [{ kind: 'order-deleted', id: order.id }])
    this.options.emit(account.id, { type: 'order-cancelled', tMs, order: orderDto(order), reason })
  }

  /** After any change: stop-out if due, margin-call edge, and the equity event. */
  private afterChange(account: SimAccount, tMs: number): void {
    let figures = this.figures(account)
    if (figures.isStopOut) {
      // the equity that reached the stop-out level, with the positions that made it, goes out
      // before any of them is closed; a listener may close them itself (a breach): read again
      this.emitIfMoved(account, figures, tMs)
      figures = this.figures(account)
    }
    if (figures.isStopOut) {
      const plan = planStopOut(
        {
          balance: account.balance,
          leverage: account.leverage,
          positions: [...account.positions.values()],
        },
        this.bookOf(account),
        account.limits,
      )
      const closed = plan.closes.map(
        (close) =>
          this.close(
            account,
            account.positions.get(close.positionId)!,
            close.volume,
            'stop-out',
            tMs,
          ).trade,
      )
      this.options.emit(account.id, { type: 'stop-out', tMs, closed })
      figures = this.figures(account)
    }
    if (figures.isMarginCall && !account.isMarginCall) {
      this.options.emit(account.id, {
        type: 'margin-call',
        tMs,
        marginLevelPercent: figures.marginLevelPercent,
      })
    }
    account.isMarginCall = figures.isMarginCall
    this.emitIfMoved(account, figures, tMs)
  }

  /** The equity event, when balance or equity differ from the last one sent. */
  private emitIfMoved(account: SimAccount, figures: LiveAccountFigures, tMs: number): void {
    this.emitEquityIfMoved(account, figures.balance, figures.equity, tMs)
  }

  private emitEquityIfMoved(account: SimAccount, balance: number, equity: number, tMs: number) {
    if (balance === account.lastEmittedBalance && equity === account.lastEmittedEquity) return
    account.lastEmittedBalance = balance
    account.lastEmittedEquity = equity
    this.options.emit(account.id, {
      type: 'equity',
      tMs,
      balance,
      equity,
      index: account.markSlot,
    })
  }

  /** The equity event now, whether or not it changed (scenario histories mark each step). */
  private emitEquity(account: SimAccount, tMs: number): void {
    const figures = this.figures(account)
    account.lastEmittedBalance = figures.balance
    account.lastEmittedEquity = figures.equity
    this.options.emit(account.id, {
      type: 'equity',
      tMs,
      balance: figures.balance,
      equity: figures.equity,
      index: account.markSlot,
    })
  }

  private bookOf(account: SimAccount): QuoteBook {
    if (account.overrides === null || account.overrides.size === 0) return this.quotes
    const book = new Map(this.quotes)
    for (const [symbol, quote] of account.overrides) book.set(symbol, quote)
    return book
  }

  private positionDto(
    account: SimAccount,
    position: SimPosition,
    book: QuoteBook,
  ): PlatformPosition {
    const quote = book.get(position.symbol)
    const figures = quote
      ? positionFigures(position, account.leverage, book)
      : { profit: 0, margin: 0 }
    return {
      id: position.id,
      symbol: position.symbol,
      side: position.side,
      volume: position.volume,
      openPrice: position.openPrice,
      openTimeMs: position.openTimeMs,
      stopLoss: position.stopLoss,
      takeProfit: position.takeProfit,
      currentPrice: quote ? closingPrice(position.side, quote) : null,
      profit: figures.profit,
      swap: position.swap,
      commission: position.commission,
      margin: figures.margin,
    }
  }

  private reindex(account: SimAccount): void {
    const next = new Set<string>()
    const marginSymbols = new Set<string>()
    for (const { symbol } of [...account.positions.values(), ...account.orders.values()]) {
      next.add(symbol)
      const conversion = getInstrument(symbol).usdConversion
      if (conversion) {
        next.add(conversion.symbol)
        marginSymbols.add(conversion.symbol)
      }
    }
    account.marginCache = null
    account.marginSymbols = marginSymbols
    for (const symbol of account.dependencies) {
      if (!next.has(symbol) && this.dependents.get(symbol)?.delete(account)) {
        this.marks.invalidate(symbol)
      }
    }
    for (const symbol of next) {
      let set = this.dependents.get(symbol)
      if (set === undefined) this.dependents.set(symbol, (set = new Set()))
      if (!set.has(account)) {
        set.add(account)
        this.marks.invalidate(symbol)
      }
    }
    account.dependencies = next
    this.repack(account)
  }
}

/** The packed positions as the domain's terms (to compute a margin: a conversion pair's tick). */
function packedTerms(values: Float64Array, at: number, count: number): PositionTerms[] {
  const terms: PositionTerms[] = []
  for (let i = 0; i < count; i++) {
    const p = at + POSITION_BASE + i * POSITION_STRIDE
    terms.push({
      symbol: instrumentAt(values[p + P_INSTRUMENT]!).symbol,
      side: values[p + P_SIDE]! > 0 ? 'buy' : 'sell',
      volume: values[p + P_VOLUME]!,
      openPrice: values[p + P_OPEN_PRICE]!,
    })
  }
  return terms
}

function orderDto(order: SimOrder): PlatformOrder {
  return {
    id: order.id,
    symbol: order.symbol,
    type: order.type,
    volume: order.volume,
    price: order.price,
    stopLoss: order.stopLoss,
    takeProfit: order.takeProfit,
    createdAtMs: order.createdAtMs,
  }
}

function disabledIssue(): TradingIssue {
  return tradingIssue('trading-disabled', 'account', tradingMessages.tradingDisabled)
}

function refusedOrder(issue: TradingIssue): PlaceOrderResult {
  return { ok: false, issues: [issue] }
}

/** Tickets are decimal strings of growing numbers: compare them as numbers. */
export function compareTickets(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)
}
