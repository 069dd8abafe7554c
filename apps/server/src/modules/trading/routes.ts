import {
  accountParamsSchema,
  accountStateSchema,
  barsQuerySchema,
  barsResponseSchema,
  changeLeverageResponseSchema,
  changeLeverageSchema,
  changeTradingPasswordSchema,
  closeAllResponseSchema,
  closePositionSchema,
  dealsQuerySchema,
  dealsResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  messages,
  metaGetAccountsResponseSchema,
  metaGetAccountsSchema,
  modifyOrderSchema,
  modifyPositionSchema,
  orderParamsSchema,
  placeOrderResponseSchema,
  placeOrderSchema,
  positionParamsSchema,
  quotesResponseSchema,
  tradeResponseSchema,
  tradingAccountSchema,
  tradingAccountsResponseSchema,
  type ClosedTradeDto,
  type DealDto,
} from '@tp/api'
import {
  getPlanPolicy,
  instrumentSymbolSchema,
  tradingIssue,
  tradingMessages,
  type PlanKey,
  isMarketOpen,
  nextMarketClose,
  nextMarketOpen,
  type InstrumentSymbol,
} from '@tp/domain'
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { tradingAccounts } from '../../db/schema'
import type {
  PlatformClosedTrade,
  PlatformDeal,
} from '../../integrations/trading-platform/trading-platform'
import { authenticate, callerOf } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { toTradingAccountDto } from '../accounts/account-dto'
import { getAccountState, toOrderDto, toPositionDto } from '../accounts/account-state'
import { findAccountFor, listAccountsOf } from '../accounts/find-account'
import { resolveTargetUser } from '../users/resolve-target-user'
import { buildEngineInput } from './engine-input'
import { instrumentOf, pricePoints, volumeUnits } from './parse-trade-input'
import { assertTradable, tradingRejected, valueOf } from './trading-errors'

// The trader's accounts and the web terminal (packages/api/src/trading.ts): thin handlers over
// the trading platform; every price, fill and check is the platform's (and the domain's) own.

export function toClosedTradeDto(trade: PlatformClosedTrade): ClosedTradeDto {
  return {
    id: trade.id,
    positionId: trade.positionId,
    symbol: trade.symbol as InstrumentSymbol,
    side: trade.side,
    volume: trade.volume,
    openPrice: trade.openPrice,
    closePrice: trade.closePrice,
    openTime: new Date(trade.openTimeMs).toISOString(),
    closeTime: new Date(trade.closeTimeMs).toISOString(),
    profit: trade.profit,
    swap: trade.swap,
    commission: trade.commission,
    result: trade.profit + trade.swap + trade.commission,
    reason: trade.reason,
  }
}

export function toDealDto(deal: PlatformDeal): DealDto {
  return {
    id: deal.id,
    entry: deal.entry,
    positionId: deal.positionId,
    symbol: deal.symbol as InstrumentSymbol | null,
    type: deal.type,
    volume: deal.volume,
    price: deal.price,
    time: new Date(deal.timeMs).toISOString(),
    profit: deal.profit,
    swap: deal.swap,
    commission: deal.commission,
    reason: deal.reason,
  }
}

export function marketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['market']
    const platform = ctx.trading.platform
    /** the platform's symbols the terminal knows (the instrument catalogue of @tp/domain) */
    const knownSymbols = async () =>
      (await platform.listSymbols()).flatMap(({ symbol }) => {
        const known = instrumentSymbolSchema.safeParse(symbol)
        return known.success ? [known.data] : []
      })

    app.get(
      '/market/quotes',
      {
        schema: {
          tags,
          summary: 'The latest quote of every instrument and whether its market is open',
          response: { 200: quotesResponseSchema },
        },
      },
      async () => {
        const nowMs = ctx.clock.now().getTime()
        const symbols = await knownSymbols()
        const quotes = await platform.listQuotes({ symbols })
        return {
          quotes: quotes.map((quote) => ({
            symbol: quote.symbol as InstrumentSymbol,
            bid: quote.bid,
            ask: quote.ask,
            t: quote.tMs,
          })),
          markets: symbols.map((symbol) => {
            const isOpen = isMarketOpen(symbol, nowMs)
            const nextClose = isOpen ? nextMarketClose(symbol, nowMs) : null
            return {
              symbol,
              isOpen,
              nextOpenAt: isOpen ? null : new Date(nextMarketOpen(symbol, nowMs)).toISOString(),
              nextCloseAt: nextClose === null ? null : new Date(nextClose).toISOString(),
            }
          }),
        }
      },
    )

    app.get(
      '/market/bars',
      {
        schema: {
          tags,
          summary: 'Candles (bid) of a symbol and timeframe, oldest first',
          querystring: barsQuerySchema,
          response: { 200: barsResponseSchema, ...errorResponses(400, 422) },
        },
      },
      async (request) => {
        const { symbol, timeframe, limit, before } = request.query
        const bars = await platform.getBars({
          symbol,
          timeframe,
          limit,
          beforeMs: before ?? ctx.clock.now().getTime() + 60_000,
        })
        return {
          symbol,
          timeframe,
          bars: bars.map((bar) => ({
            t: bar.tMs,
            open: bar.open,
            high: bar.high,
            low: bar.low,
            close: bar.close,
          })),
        }
      },
    )
  }
}

export function tradingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['trading']
    // before body validation: a caller without a token learns nothing about the API
    app.addHook('onRequest', authenticate(ctx))
    const platform = ctx.trading.platform
    const stateOf = async (accountId: string) => {
      const [row] = await ctx.db
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.id, accountId))
      return getAccountState(ctx, row!)
    }

    app.get(
      '/trading/accounts',
      {
        schema: {
          tags,
          summary: "The caller's trading accounts, with their credentials",
          security: bearerAuth,
          response: { 200: tradingAccountsResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        const rows = await listAccountsOf(ctx, callerOf(request).userId)
        return { accounts: rows.map((row) => toTradingAccountDto(ctx, row)) }
      },
    )

    app.post(
      '/meta/get-accounts',
      {
        schema: {
          tags,
          summary: 'Trading accounts of a user (spec 7): the caller, or any user for an admin',
          security: bearerAuth,
          body: metaGetAccountsSchema.nullish(),
          response: { 200: metaGetAccountsResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => {
        const { target } = await resolveTargetUser(ctx, callerOf(request), request.body?.email)
        const rows = await listAccountsOf(ctx, target.id)
        return {
          data: {
            accounts: rows.map((row) => ({ ...toTradingAccountDto(ctx, row), accountId: row.id })),
          },
        }
      },
    )

    app.get(
      '/trading/accounts/:accountId',
      {
        schema: {
          tags,
          summary: "An account's figures, positions, orders, rule meters and breach evidence",
          security: bearerAuth,
          params: accountParamsSchema,
          response: { 200: accountStateSchema, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        const row = await findAccountFor(ctx, callerOf(request), request.params.accountId)
        return getAccountState(ctx, row)
      },
    )

    app.get(
      '/trading/accounts/:accountId/history',
      {
        schema: {
          tags,
          summary: 'Closed trades (closing deals), newest first',
          security: bearerAuth,
          params: accountParamsSchema,
          querystring: historyQuerySchema,
          response: { 200: historyResponseSchema, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        const row = await findAccountFor(ctx, callerOf(request), request.params.accountId)
        if (!row.externalId) return { trades: [], hasMore: false }
        const { limit, before, beforeId } = request.query
        const page = await platform.listClosedTrades(row.externalId, {
          limit,
          ...(before ? { beforeMs: Date.parse(before) } : {}),
          ...(before && beforeId ? { beforeId } : {}),
        })
        return { trades: page.trades.map(toClosedTradeDto), hasMore: page.hasMore }
      },
    )

    app.get(
      '/trading/accounts/:accountId/deals',
      {
        schema: {
          tags,
          summary: 'Every deal (opening, closing, balance) in a time range, oldest first',
          security: bearerAuth,
          params: accountParamsSchema,
          querystring: dealsQuerySchema,
          response: { 200: dealsResponseSchema, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => {
        const row = await findAccountFor(ctx, callerOf(request), request.params.accountId)
        if (!row.externalId) return { deals: [], hasMore: false }
        const { from, to, offset, limit } = request.query
        const page = await platform.listDeals(row.externalId, {
          fromMs: from ? Date.parse(from) : 0,
          toMs: to ? Date.parse(to) : ctx.clock.now().getTime() + 1,
          offset,
          limit,
        })
        return { deals: page.deals.map(toDealDto), hasMore: page.hasMore }
      },
    )

    app.post(
      '/trading/accounts/:accountId/leverage',
      {
        schema: {
          tags,
          summary:
            "Changes the account's leverage (1:1 up to the plan's maximum) while nothing is open",
          security: bearerAuth,
          params: accountParamsSchema,
          body: changeLeverageSchema,
          response: {
            200: changeLeverageResponseSchema,
            ...errorResponses(401, 403, 404, 409, 422),
          },
        },
      },
      async (request) => {
        const row = await findAccountFor(ctx, callerOf(request), request.params.accountId)
        if (row.userId !== callerOf(request).userId) throw new AppError('FORBIDDEN')
        const externalId = assertTradable(row)
        const { leverage } = request.body
        const { max } = getPlanPolicy(row.planKey as PlanKey, row.rulebookVersion).leverage
        if (leverage > max) {
          throw tradingRejected([
            tradingIssue('leverage', 'leverage', tradingMessages.leverageAboveMaximum(max)),
          ])
        }
        valueOf(await platform.setLeverage(externalId, leverage))
        const [updated] = await ctx.db
          .update(tradingAccounts)
          .set({ leverage })
          .where(eq(tradingAccounts.id, row.id))
          .returning()
        ctx.logger.info({ accountId: row.id, leverage }, 'trading account leverage changed')
        return {
          account: toTradingAccountDto(ctx, updated!),
          message: tradingMessages.leverageChanged(leverage),
        }
      },
    )

    app.get(
      '/trading/accounts/:accountId/engine-input',
      {
        schema: {
          tags,
          summary:
            'The account history as the evaluation engine reads it: replay it with `npm run engine -- evaluate`',
          security: bearerAuth,
          params: accountParamsSchema,
          response: {
            200: z.object({ rules: z.any(), history: z.any() }),
            ...errorResponses(401, 404, 422),
          },
        },
      },
      async (request, reply) => {
        const row = await findAccountFor(ctx, callerOf(request), request.params.accountId)
        void reply.header(
          'content-disposition',
          `attachment; filename="account-${row.login ?? row.id}-history.json"`,
        )
        return buildEngineInput(ctx, row)
      },
    )

    app.post(
      '/trading/accounts/:accountId/password',
      {
        schema: {
          tags,
          summary: "Changes the trading account's main password",
          security: bearerAuth,
          params: accountParamsSchema,
          body: changeTradingPasswordSchema,
          response: {
            200: z.object({ account: tradingAccountSchema, message: z.string() }),
            ...errorResponses(401, 404, 409, 422),
          },
        },
      },
      async (request) => {
        const row = await findAccountFor(ctx, callerOf(request), request.params.accountId)
        if (row.userId !== callerOf(request).userId) throw new AppError('FORBIDDEN')
        if (!row.externalId || row.status === 'provisioning')
          throw new AppError('ACCOUNT_NOT_TRADABLE')
        await platform.changePassword(row.externalId, request.body.password, 'main')
        const [updated] = await ctx.db
          .update(tradingAccounts)
          .set({ passwordCipher: ctx.secrets.seal(request.body.password) })
          .where(eq(tradingAccounts.id, row.id))
          .returning()
        return {
          account: toTradingAccountDto(ctx, updated!),
          message: messages.trading.passwordChanged,
        }
      },
    )

    app.post(
      '/trading/accounts/:accountId/orders',
      {
        schema: {
          tags,
          summary: 'Places a market order (filled at once) or a pending order',
          security: bearerAuth,
          params: accountParamsSchema,
          body: placeOrderSchema,
          response: { 201: placeOrderResponseSchema, ...errorResponses(401, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const row = await findAccountFor(ctx, callerOf(request), request.params.accountId)
        const externalId = assertTradable(row)
        const body = request.body
        const instrument = instrumentOf(body.symbol)
        const result = await platform.placeOrder(externalId, {
          symbol: instrument.symbol,
          type: body.type,
          volume: volumeUnits(body.volume),
          // a market order's price is refused by the platform's checks, with their message
          price: pricePoints(instrument, 'price', body.price),
          stopLoss: pricePoints(instrument, 'stopLoss', body.stopLoss),
          takeProfit: pricePoints(instrument, 'takeProfit', body.takeProfit),
        })
        if (!result.ok) throw tradingRejected(result.issues)
        void reply.status(201)
        return {
          position: result.position ? toPositionDto(result.position) : null,
          order: result.order ? toOrderDto(result.order) : null,
          state: await stateOf(row.id),
        }
      },
    )

    app.patch(
      '/trading/accounts/:accountId/positions/:positionId',
      {
        schema: {
          tags,
          summary: "Sets or removes a position's stop loss and take profit",
          security: bearerAuth,
          params: positionParamsSchema,
          body: modifyPositionSchema,
          response: { 200: tradeResponseSchema, ...errorResponses(401, 404, 409, 422) },
        },
      },
      async (request) => {
        const row = await findAccountFor(ctx, callerOf(request), request.params.accountId)
        const externalId = assertTradable(row)
        const position = await findPosition(externalId, request.params.positionId)
        const instrument = instrumentOf(position.symbol)
        valueOf(
          await platform.modifyPosition(externalId, position.id, {
            stopLoss: pricePoints(instrument, 'stopLoss', request.body.stopLoss),
            takeProfit: pricePoints(instrument, 'takeProfit', request.body.takeProfit),
          }),
        )
        return { state: await stateOf(row.id) }
      },
    )

    app.post(
      '/trading/accounts/:accountId/positions/:positionId/close',
      {
        schema: {
          tags,
          summary: 'Closes a position at market, or part of it',
          security: bearerAuth,
          params: positionParamsSchema,
          body: closePositionSchema.nullish(),
          response: { 200: tradeResponseSchema, ...errorResponses(401, 404, 409, 422) },
        },
      },
      async (request) => {
        const row = await findAccountFor(ctx, callerOf(request), request.params.accountId)
        const externalId = assertTradable(row)
        const position = await findPosition(externalId, request.params.positionId)
        const volume = request.body?.volume ? volumeUnits(request.body.volume) : null
        valueOf(await platform.closePosition(externalId, position.id, volume))
        return { state: await stateOf(row.id) }
      },
    )

    app.post(
      '/trading/accounts/:accountId/close-all',
      {
        schema: {
          tags,
          summary: 'Closes every open position at market',
          security: bearerAuth,
          params: accountParamsSchema,
          response: { 200: closeAllResponseSchema, ...errorResponses(401, 404, 409, 422) },
        },
      },
      async (request) => {
        const row = await findAccountFor(ctx, callerOf(request), request.params.accountId)
        const externalId = assertTradable(row)
        const closed: ClosedTradeDto[] = []
        for (const position of await platform.listPositions(externalId)) {
          const result = await platform.closePosition(externalId, position.id, null)
          closed.push(toClosedTradeDto(valueOf(result)))
        }
        return { closed, state: await stateOf(row.id) }
      },
    )

    app.patch(
      '/trading/accounts/:accountId/orders/:orderId',
      {
        schema: {
          tags,
          summary: "Moves a pending order's price, stop loss and take profit",
          security: bearerAuth,
          params: orderParamsSchema,
          body: modifyOrderSchema,
          response: { 200: tradeResponseSchema, ...errorResponses(401, 404, 409, 422) },
        },
      },
      async (request) => {
        const row = await findAccountFor(ctx, callerOf(request), request.params.accountId)
        const externalId = assertTradable(row)
        const order = await findOrder(externalId, request.params.orderId)
        const instrument = instrumentOf(order.symbol)
        valueOf(
          await platform.modifyOrder(externalId, order.id, {
            price: pricePoints(instrument, 'price', request.body.price),
            stopLoss: pricePoints(instrument, 'stopLoss', request.body.stopLoss),
            takeProfit: pricePoints(instrument, 'takeProfit', request.body.takeProfit),
          }),
        )
        return { state: await stateOf(row.id) }
      },
    )

    app.delete(
      '/trading/accounts/:accountId/orders/:orderId',
      {
        schema: {
          tags,
          summary: 'Cancels a pending order',
          security: bearerAuth,
          params: orderParamsSchema,
          response: { 200: tradeResponseSchema, ...errorResponses(401, 404, 409, 422) },
        },
      },
      async (request) => {
        const row = await findAccountFor(ctx, callerOf(request), request.params.accountId)
        const externalId = assertTradable(row)
        const order = await findOrder(externalId, request.params.orderId)
        valueOf(await platform.cancelOrder(externalId, order.id))
        return { state: await stateOf(row.id) }
      },
    )

    async function findPosition(externalId: string, positionId: string) {
      const position = (await platform.listPositions(externalId)).find((p) => p.id === positionId)
      if (!position) throw new AppError('NOT_FOUND', { message: 'No such open position.' })
      return position
    }

    async function findOrder(externalId: string, orderId: string) {
      const order = (await platform.listOrders(externalId)).find((o) => o.id === orderId)
      if (!order) throw new AppError('NOT_FOUND', { message: 'No such pending order.' })
      return order
    }
  }
}
