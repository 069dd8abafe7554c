import type { Side } from '@tp/domain'
import {
  describeNewsDistance,
  eventSpanAround,
  findNewsConflicts,
  instrumentCurrencies,
  type CalendarEvent,
} from '@tp/domain/calendar'
import { and, eq, gte, inArray, lte } from 'drizzle-orm'
import type { AppContext } from '../context'
import { economicEvents, newsViolations } from '../db/schema'
import type {
  AccountEvent,
  PlatformClosedTrade,
  PlatformPosition,
  PlatformSymbolSpec,
} from '../integrations/trading-platform/trading-platform'
import { sendEmailJob } from '../jobs/send-email'
import { findUserById } from '../modules/users/find-user'
import { AccountEventRule, type RuledAccount } from './account-event-rule'
import { newsViolationEmail } from './news-rule-email'

// The news rule in the live risk (decisions.md: Instant Funding, "not allowed (2 minutes around
// high-impact events)"; decision 0037). It listens to the platform's account events beside the
// risk monitor (never on its tick path: it ignores equity events at the first comparison) and,
// for an account whose plan policy has a news blackout, checks each opening and closing deal
// against the high-impact events of the instrument's currencies (@tp/domain/calendar: the one
// window maths). A trade inside a window is recorded once as a violation with its evidence and
// the trader is emailed. It is not a hard breach: decisions.md names only the daily and maximum
// loss as breaches that fail an account; the violation is kept for the risk desk to act on.

type TradeFact = {
  kind: 'open' | 'close'
  tMs: number
  positionId: string
  symbol: string
  side: Side
  /** hundredths of a lot */
  volume: number
}

const openingOf = (p: PlatformPosition): TradeFact => ({
  kind: 'open',
  tMs: p.openTimeMs,
  positionId: p.id,
  symbol: p.symbol,
  side: p.side,
  volume: p.volume,
})

const closingOf = (t: PlatformClosedTrade): TradeFact => ({
  kind: 'close',
  tMs: t.closeTimeMs,
  positionId: t.positionId,
  symbol: t.symbol,
  side: t.side,
  volume: t.volume,
})

export class NewsRule extends AccountEventRule {
  private symbols: Map<string, PlatformSymbolSpec> | null = null

  constructor(ctx: AppContext) {
    super(ctx, 'news rule')
  }

  protected onTradeEvent(
    externalId: string,
    event: Exclude<AccountEvent, { type: 'equity' }>,
  ): void {
    const facts: TradeFact[] =
      event.type === 'position-opened' || event.type === 'order-filled'
        ? [openingOf(event.position)]
        : event.type === 'position-closed'
          ? [closingOf(event.trade)]
          : event.type === 'stop-out'
            ? event.closed.map(closingOf)
            : []
    if (facts.length === 0) return
    this.enqueue(externalId, async () => {
      const account = await this.accountOf(externalId)
      if (account) await this.check(account, facts)
    })
  }

  protected checkOpenPositions(account: RuledAccount, positions: PlatformPosition[]) {
    return this.check(account, positions.map(openingOf))
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

  private async check(account: RuledAccount, facts: TradeFact[]): Promise<void> {
    const minutes = account.policy.newsBlackoutMinutes
    if (minutes === null) return
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
