import {
  checkoutOrderParamsSchema,
  createOrderSchema,
  orderResponseSchema,
  ordersResponseSchema,
  pricingQuoteQuerySchema,
  pricingQuoteResponseSchema,
  pricingSummaryResponseSchema,
} from '@tp/api'
import { toPriceQuote } from '@tp/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { authenticate, callerOf, optionalCaller, type Caller } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { compiledSerializerCompiler } from '../../lib/compiled-serializer'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { createOrderFor } from './create-order'
import { getOrder, listOrdersOf } from './list-orders'
import { toOrderDto } from './order-dto'
import { priceOrder, toSummaryDto } from './price-order'

/** Public prices, computed by the domain from the plan table (the web app's only source). */
export function pricingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['pricing']
    const price = (
      query: {
        challenge: 'twoPhase' | 'instantFund'
        size: 5 | 10 | 25 | 50 | 100 | 500 | 1000
        addOns: { profitSplit100: boolean; fastPayout: boolean }
        method: 'card' | 'crypto'
        coupon?: string | undefined
      },
      buyer: Caller | null = null,
    ) =>
      priceOrder(ctx, {
        challenge: query.challenge,
        sizeK: query.size,
        addOns: query.addOns,
        method: query.method,
        couponCode: query.coupon,
        buyerId: buyer?.userId,
      })

    app.get(
      '/pricing/quote',
      {
        schema: {
          tags,
          summary: 'The price of a challenge in dollars: base, add-ons, discount, total',
          querystring: pricingQuoteQuerySchema,
          response: { 200: pricingQuoteResponseSchema, ...errorResponses(400) },
        },
        // an invalid parameter is a bad request here (issue 5), not an unprocessable body
        attachValidation: true,
      },
      async (request) => {
        if (request.validationError) throw badQuery(request.validationError)
        const { summary } = await price(request.query)
        return toPriceQuote(summary) as {
          base: number
          addOns: number
          discount: number
          total: number
          currency: 'USD'
        }
      },
    )

    app.get(
      '/pricing/summary',
      {
        schema: {
          tags,
          summary:
            'The order summary checkout shows (and the server charges), with the coupon outcome',
          querystring: pricingQuoteQuerySchema,
          response: { 200: pricingSummaryResponseSchema, ...errorResponses(400) },
        },
        attachValidation: true,
      },
      async (request) => {
        if (request.validationError) throw badQuery(request.validationError)
        // a signed-in buyer is priced as their order would be (public otherwise)
        const buyer = request.query.coupon ? await optionalCaller(ctx, request) : null
        const { summary } = await price(request.query, buyer)
        return { summary: toSummaryDto(summary) }
      },
    )
  }
}

function badQuery(error: { validation?: { instancePath?: string; message?: string }[] } & Error) {
  const details = (error.validation ?? []).map((issue) => ({
    path: (issue.instancePath ?? '').replace(/^\//, '') || 'query',
    message: issue.message ?? 'invalid',
  }))
  return new AppError('BAD_REQUEST', {
    message: details[0] ? `${details[0].path}: ${details[0].message}` : 'Invalid parameters.',
    details,
  })
}

export function orderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['orders']
    app.addHook('onRequest', authenticate(ctx))

    app.post(
      '/orders',
      {
        schema: {
          tags,
          summary: 'Creates an order from a selection, priced by the server',
          security: bearerAuth,
          body: createOrderSchema,
          response: { 201: orderResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        const order = await createOrderFor(ctx, callerOf(request), request.body)
        void reply.status(201)
        return { order: toOrderDto(order) }
      },
    )

    app.get(
      '/orders',
      {
        schema: {
          tags,
          summary: "The caller's orders, newest first",
          security: bearerAuth,
          response: { 200: ordersResponseSchema, ...errorResponses(401) },
        },
        serializerCompiler: compiledSerializerCompiler,
      },
      async (request) => ({ orders: await listOrdersOf(ctx, callerOf(request)) }),
    )

    app.get(
      '/orders/:orderId',
      {
        schema: {
          tags,
          summary: 'One of the caller’s orders',
          security: bearerAuth,
          params: checkoutOrderParamsSchema,
          response: { 200: orderResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => ({
        order: await getOrder(ctx, callerOf(request), request.params.orderId),
      }),
    )
  }
}
