import { getPlanPolicy, type PlanKey, type Side } from '@tp/domain'
import {
  describeNewsDistance,
  eventSpanAround,
  findNewsConflicts,
  instrumentCurrencies,
  type CalendarEvent,
} from '@tp/domain/calendar'
import { and, eq, gte, inArray, lte } from 'drizzle-orm'
import type { AppContext } from '../context'
import { economicEvents, newsViolations, tradingAccounts } from '../db/schema'
import {
  platformKindOf,
  type AccountEvent,
  type PlatformKind,
  type PlatformSymbolSpec,
} from '../integrations/trading-platform/trading-platform'
import { sendEmailJob } from '../jobs/send-email'
import { findUserById } from '../modules/users/find-user'
import { newsViolationEmail } from './news-rule-email'

// The news rule in the live risk (decisions.md: Instant Funding, "not allowed (2 minutes around
// high-impact events)"; decision 0037). It listens to the platform's account events beside the
// risk monitor (never on its tick path: it ignores equity events at the first comparison) and,
// for an account whose plan policy has a news blackout, checks each opening and closing deal
// against the high-impact events of the instrument's currencies (@tp/domain/calendar: the one
// window maths). A trade inside a window is recorded once as a violation with its evidence and
// the trader is emailed. It is not a hard breach: decisions.md names only the daily and maximum
// loss as breaches that fail an account; the violation is kept for the risk desk to act on.

type RuledAccount = {
  id: string
  userId: string
  login: string | null
  adapter: PlatformKind
  blackoutMinutes: number | null
}

type TradeFact = {
  kind: 'open' | 'close'
  tMs: number
  positionId: string
  symbol: string
  side: Side
  /** hundredths of a lot */
  volume: number
}

export class NewsRule {
  private unsubscribe: (() => void) | null = null
  private readonly accounts = new Map<string, RuledAccount | null>()
  /** accounts whose already-open positions were checked at first sight */
  private readonly swept = new Set<string>()
  private symbols: Map<string, PlatformSymbolSpec> | null = null
  private queue: Promise<void> = Promise.resolve()

  constructor(private readonly ctx: AppContext) {}

  start(): void {
    this.unsubscribe = this.ctx.trading.platform.subscribe((externalId, event) =>
      this.onAccountEvent(externalId, event),
    )
  }

  stop(): void {
    this.unsubscribe?.()
    this.unsubscribe = null
  }

  /** Resolves once every trade seen so far has been checked (tests wait on it). */
  idle(): Promise<void> {
    return this.queue
  }

  onAccountEvent(externalId: string, event: AccountEvent): void {
    if (event.type === 'equity') {
      // an account's first sight: a polled platform (MT5 Web API) reports the positions already
      // open then as its baseline, never as opened; check their openings once (decision 0045).
      // The simulated server reports every opening itself: its accounts' equity (every tick of
      // every account) is dropped here, with no database read
      if (this.swept.has(externalId)) return
      if (this.ctx.trading.router.kindOf(externalId) === 'simulated') return
      this.swept.add(externalId)
      this.queue = this.queue
        .then(() => this.sweep(externalId))
        .catch((error: unknown) => {
          this.ctx.logger.error({ err: error, externalId }, 'news rule sweep failed')
        })
      return
    }
    const facts: TradeFact[] = []
    if (event.type === 'position-opened' || event.type === 'order-filled') {
      const p = event.position
      facts.push({
        kind: 'open',
        tMs: p.openTimeMs,
        positionId: p.id,
        symbol: p.symbol,
        side: p.side,
        volume: p.volume,
      })
    } else if (event.type === 'position-closed') {
      const t = event.trade
      facts.push({
        kind: 'close',
        tMs: t.closeTimeMs,
        positionId: t.positionId,
        symbol: t.symbol,
        side: t.side,
        volume: t.volume,
      })
    } else if (event.type === 'stop-out') {
      for (const t of event.closed) {
        facts.push({
          kind: 'close',
          tMs: t.closeTimeMs,
          positionId: t.positionId,
          symbol: t.symbol,
          side: t.side,
          volume: t.volume,
        })
      }
    }
    if (facts.length === 0) return
    this.queue = this.queue
      .then(() => this.check(externalId, facts))
      .catch((error: unknown) => {
        this.ctx.logger.error({ err: error, externalId }, 'news rule check failed')
      })
  }

  private async sweep(externalId: string): Promise<void> {
    const account = await this.accountOf(externalId)
    if (!account) {
      this.swept.delete(externalId) // not provisioned yet: at its next equity
      return
    }
    if (account.blackoutMinutes === null || account.adapter === 'simulated') return
    const positions = await this.ctx.trading.platform.listPositions(externalId)
    await this.check(
      externalId,
      positions.map((p) => ({
        kind: 'open' as const,
        tMs: p.openTimeMs,
        positionId: p.id,
        symbol: p.symbol,
        side: p.side,
        volume: p.volume,
      })),
    )
  }

  private async accountOf(externalId: string): Promise<RuledAccount | null> {
    if (this.accounts.has(externalId)) return this.accounts.get(externalId) ?? null
    const [row] = await this.ctx.db
      .select({
        id: tradingAccounts.id,
        userId: tradingAccounts.userId,
        login: tradingAccounts.login,
        adapter: tradingAccounts.adapter,
        planKey: tradingAccounts.planKey,
        version: tradingAccounts.rulebookVersion,
      })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.externalId, externalId))
    if (!row) return null // not provisioned yet: asked again next time
    const account: RuledAccount = {
      id: row.id,
      userId: row.userId,
      login: row.login,
      adapter: platformKindOf(row.adapter),
      blackoutMinutes: getPlanPolicy(row.planKey as PlanKey, row.version).newsBlackoutMinutes,
    }
    this.accounts.set(externalId, account)
    return account
  }

  private async currenciesOf(symbol: string): Promise<string[]> {
    if (!this.symbols) {
      const specs = await this.ctx.trading.platform.listSymbols()
      this.symbols = new Map(specs.map((spec) => [spec.symbol, spec]))
    }
    const spec = this.symbols.get(symbol)
    return instrumentCurrencies({
      symbol,
      baseCurrency: spec?.baseCurrency ?? null,
      profitCurrency: spec?.profitCurrency ?? null,
    })
  }

  private async check(externalId: string, facts: TradeFact[]): Promise<void> {
    const account = await this.accountOf(externalId)
    if (!account || account.blackoutMinutes === null) return
    const minutes = account.blackoutMinutes
    for (const fact of facts) {
      const currencies = await this.currenciesOf(fact.symbol)
      if (currencies.length === 0) continue
      const span = eventSpanAround(fact.tMs, minutes)
      const rows = await this.ctx.db
        .select()
        .from(economicEvents)
        .where(
          and(
            eq(economicEvents.impact, 'high'),
            inArray(economicEvents.currency, currencies),
            gte(economicEvents.time, new Date(span.startMs)),
            lte(economicEvents.time, new Date(span.endMs)),
          ),
        )
      const events: (CalendarEvent & { row: (typeof rows)[number] })[] = rows.map((row) => ({
        id: row.id,
        timeMs: row.time.getTime(),
        currency: row.currency,
        title: row.title,
        impact: row.impact,
        row,
      }))
      for (const conflict of findNewsConflicts(fact.tMs, currencies, events, minutes)) {
        await this.record(account, fact, conflict.event, conflict.signedDistanceMs, minutes)
      }
    }
  }

  private async record(
    account: RuledAccount,
    fact: TradeFact,
    event: CalendarEvent,
    signedDistanceMs: number,
    minutes: number,
  ): Promise<void> {
    const [inserted] = await this.ctx.db
      .insert(newsViolations)
      .values({
        accountId: account.id,
        kind: fact.kind,
        positionId: fact.positionId,
        symbol: fact.symbol,
        side: fact.side,
        volume: fact.volume / 100,
        tradeTime: new Date(fact.tMs),
        eventId: event.id,
        eventTime: new Date(event.timeMs),
        eventCurrency: event.currency,
        eventTitle: event.title,
        signedDistanceMs,
        blackoutMinutes: minutes,
        createdAt: this.ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: newsViolations.id })
    if (!inserted) return // recorded before (a replayed event)
    this.ctx.logger.info(
      { accountId: account.id, positionId: fact.positionId, event: event.id },
      'news rule violation recorded',
    )
    const owner = await findUserById(this.ctx.db, account.userId)
    if (!owner) return
    await this.ctx.jobs.enqueue(
      sendEmailJob,
      newsViolationEmail(owner.email, {
        login: account.login ?? '',
        kind: fact.kind,
        symbol: fact.symbol,
        tradeTime: new Date(fact.tMs).toISOString().slice(0, 19).replace('T', ' '),
        eventTitle: event.title,
        eventCurrency: event.currency,
        eventTime: new Date(event.timeMs).toISOString().slice(0, 16).replace('T', ' '),
        distance: describeNewsDistance(signedDistanceMs),
        blackoutMinutes: minutes,
        appUrl: this.ctx.env.APP_URL,
      }),
    )
  }
}
