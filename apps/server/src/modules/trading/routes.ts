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
  tradingCredentialsSchema,
  tradingAccountsResponseSchema,
} from '@tp/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { compiledSerializerCompiler } from '../../lib/compiled-serializer'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { authenticate, callerOf } from '../access/authenticate'
import { cancelPendingOrder } from './cancel-pending-order'
import { changeLeverage } from './change-leverage'
import { changeTradingPassword } from './change-trading-password'
import { closeAllPositions } from './close-all-positions'
import { closePosition } from './close-position'
import { exportEngineInput } from './export-engine-input'
import { getMarketBars } from './get-market-bars'
import { getMarketQuotes } from './get-market-quotes'
import { getMetaAccounts } from './get-meta-accounts'
import { getTradingAccount } from './get-trading-account'
import { getTradingCredentials } from './get-trading-credentials'
import { listClosedTrades } from './list-closed-trades'
import { listDeals } from './list-deals'
import { listTradingAccounts } from './list-trading-accounts'
import { modifyPendingOrder } from './modify-pending-order'
import { modifyPosition } from './modify-position'
import { placeOrder } from './place-order'

// Market data, the trader's accounts and the web terminal (packages/api/src/trading.ts). Thin
// handlers: parse, call the use-case with (ctx, caller, input), answer. Every account is reached
// through the access policy (reads: owner or admin; trading: the owner alone), every firm rule is
// checked by the use-case before the trading platform is called (decision 0018).

export function marketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['market']

    app.get(
      '/market/quotes',
      {
        schema: {
          tags,
          summary: 'The latest quote of every instrument and whether its market is open',
          response: { 200: quotesResponseSchema },
        },
        serializerCompiler: compiledSerializerCompiler,
      },
      async () => getMarketQuotes(ctx),
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
        serializerCompiler: compiledSerializerCompiler,
      },
      async (request) => getMarketBars(ctx, request.query),
    )
  }
}

export function tradingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['trading']
    // before body validation: a caller without a token learns nothing about the API
    app.addHook('onRequest', authenticate(ctx))

    app.get(
      '/trading/accounts',
      {
        schema: {
          tags,
          summary: "The caller's trading accounts, with their credentials",
          security: bearerAuth,
          response: { 200: tradingAccountsResponseSchema, ...errorResponses(401) },
        },
        serializerCompiler: compiledSerializerCompiler,
      },
      async (request) => listTradingAccounts(ctx, callerOf(request)),
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
      async (request) => getMetaAccounts(ctx, callerOf(request), { email: request.body?.email }),
    )

    app.get(
      '/trading/accounts/:accountId/credentials',
      {
        schema: {
          tags,
          summary: "The account's login, server and passwords: its owner only, fetched on demand",
          security: bearerAuth,
          params: accountParamsSchema,
          response: { 200: tradingCredentialsSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => getTradingCredentials(ctx, callerOf(request), request.params),
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
        serializerCompiler: compiledSerializerCompiler,
      },
      async (request) => getTradingAccount(ctx, callerOf(request), request.params),
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
        serializerCompiler: compiledSerializerCompiler,
      },
      async (request) =>
        listClosedTrades(ctx, callerOf(request), { ...request.params, ...request.query }),
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
      async (request) => listDeals(ctx, callerOf(request), { ...request.params, ...request.query }),
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
      async (request) =>
        changeLeverage(ctx, callerOf(request), { ...request.params, ...request.body }),
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
        const { filename, input } = await exportEngineInput(ctx, callerOf(request), request.params)
        void reply.header('content-disposition', `attachment; filename="${filename}"`)
        return input
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
            ...errorResponses(401, 403, 404, 409, 422),
          },
        },
      },
      async (request) =>
        changeTradingPassword(ctx, callerOf(request), { ...request.params, ...request.body }),
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
          response: { 201: placeOrderResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const placed = await placeOrder(ctx, callerOf(request), {
          ...request.params,
          ...request.body,
        })
        void reply.status(201)
        return placed
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
          response: { 200: tradeResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) =>
        modifyPosition(ctx, callerOf(request), { ...request.params, ...request.body }),
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
          response: { 200: tradeResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) =>
        closePosition(ctx, callerOf(request), {
          ...request.params,
          volume: request.body?.volume,
        }),
    )

    app.post(
      '/trading/accounts/:accountId/close-all',
      {
        schema: {
          tags,
          summary: 'Closes every open position at market',
          security: bearerAuth,
          params: accountParamsSchema,
          response: { 200: closeAllResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => closeAllPositions(ctx, callerOf(request), request.params),
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
          response: { 200: tradeResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) =>
        modifyPendingOrder(ctx, callerOf(request), { ...request.params, ...request.body }),
    )

    app.delete(
      '/trading/accounts/:accountId/orders/:orderId',
      {
        schema: {
          tags,
          summary: 'Cancels a pending order',
          security: bearerAuth,
          params: orderParamsSchema,
          response: { 200: tradeResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => cancelPendingOrder(ctx, callerOf(request), request.params),
    )
  }
}
