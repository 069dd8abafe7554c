import {
  cryptoCreateResponseSchema,
  cryptoCreateSchema,
  paymentBalanceResponseSchema,
  paymentBalanceSchema,
  paymentHistoryQuerySchema,
  paymentHistoryResponseSchema,
  paymentTargetSchema,
  paypalCaptureResponseSchema,
  paypalCreateResponseSchema,
  paypalFulfilmentResponseSchema,
  paypalOrderParamsSchema,
} from '@tp/api'
import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { authenticate, callerOf } from '../access/authenticate'
import { bearerAuth, errorResponses, paypalErrorResponses } from '../../lib/route-schemas'
import { listPaymentRecordsFor } from './billing'
import { createCryptoPayment } from './crypto-checkout'
import { getPaymentHistory } from './get-payment-history'
import { toTradingAccountDto } from '../accounts/account-dto'
import {
  capturePayPalPayment,
  createPayPalPayment,
  PayPalRefusal,
  paypalFulfilment,
  toCaptureResponse,
} from './paypal-checkout'
import { receiveOxaPayCallback, receivePayPalWebhook } from './receive-notification'

// Spec 7's payment rows, plus the providers' notifications. Every call that pays something
// carries the bearer token; the notifications are verified (signature, HMAC) before anything in
// them is read, then only queue a read-back from the provider.

export function paymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['payments']
    app.addHook('onRequest', authenticate(ctx))

    app.post(
      '/payment/orders',
      {
        schema: {
          tags,
          summary: 'Creates the PayPal order of an order (or of a selection), for the server price',
          security: bearerAuth,
          body: paymentTargetSchema,
          response: {
            201: paypalCreateResponseSchema,
            ...paypalErrorResponses(422, 502),
            ...errorResponses(401, 403, 404, 409, 503),
          },
        },
      },
      async (request, reply) => {
        try {
          const { id, order } = await createPayPalPayment(ctx, callerOf(request), request.body)
          return reply.status(201).send({ id, orderId: order.id, total: order.total })
        } catch (error) {
          if (error instanceof PayPalRefusal)
            return reply.status(error.status as 422).send(error.body)
          throw error
        }
      },
    )

    app.post(
      '/payment/orders/:orderID/capture',
      {
        schema: {
          tags,
          summary: 'Captures an approved PayPal order; a declined card answers INSTRUMENT_DECLINED',
          security: bearerAuth,
          params: paypalOrderParamsSchema,
          response: {
            200: paypalCaptureResponseSchema,
            ...paypalErrorResponses(422),
            ...errorResponses(401, 404, 409, 503),
          },
        },
      },
      async (request, reply) => {
        try {
          const { paypalOrder, order } = await capturePayPalPayment(
            ctx,
            callerOf(request),
            request.params.orderID,
          )
          return reply.send(toCaptureResponse(paypalOrder, order))
        } catch (error) {
          if (error instanceof PayPalRefusal)
            return reply.status(error.status as 422).send(error.body)
          throw error
        }
      },
    )

    app.post(
      '/payment/orders/:orderID/create',
      {
        schema: {
          tags,
          summary:
            'The account a paid PayPal order bought: 200 once it exists, 202 while it is being created',
          security: bearerAuth,
          params: paypalOrderParamsSchema,
          response: {
            200: paypalFulfilmentResponseSchema,
            202: paypalFulfilmentResponseSchema,
            ...errorResponses(401, 404, 409, 503),
          },
        },
      },
      async (request, reply) => {
        const { order, account } = await paypalFulfilment(
          ctx,
          callerOf(request),
          request.params.orderID,
        )
        return reply.status(account ? 200 : 202).send({
          orderId: order.id,
          status: order.status,
          account: account ? toTradingAccountDto(ctx, account) : null,
        })
      },
    )

    app.post(
      '/payment/white-label/create',
      {
        schema: {
          tags,
          summary: 'Opens a crypto payment session (OxaPay white-label) for an order',
          security: bearerAuth,
          body: cryptoCreateSchema,
          response: {
            201: cryptoCreateResponseSchema,
            ...errorResponses(401, 403, 404, 409, 422, 502, 503),
          },
        },
      },
      async (request, reply) => {
        const session = await createCryptoPayment(ctx, callerOf(request), request.body)
        void reply.status(201)
        return { result: session }
      },
    )

    app.get(
      '/payment/get-history',
      {
        schema: {
          tags,
          summary: 'The status of a crypto payment (Waiting, Confirming, Paid, ...)',
          security: bearerAuth,
          querystring: paymentHistoryQuerySchema,
          response: { 200: paymentHistoryResponseSchema, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => getPaymentHistory(ctx, callerOf(request), request.query.trackId),
    )
    app.post(
      '/payment/get-history',
      {
        schema: {
          tags,
          summary: 'The status of a crypto payment (spec 7, POST form)',
          security: bearerAuth,
          body: paymentHistoryQuerySchema,
          response: { 200: paymentHistoryResponseSchema, ...errorResponses(401, 404, 422) },
        },
      },
      async (request) => getPaymentHistory(ctx, callerOf(request), request.body.trackId),
    )

    app.post(
      '/payment/get-balance',
      {
        schema: {
          tags,
          summary: "The billing list: the user's payments (own, or any user's for an admin)",
          security: bearerAuth,
          body: paymentBalanceSchema.nullish(),
          response: { 200: paymentBalanceResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({
        result: await listPaymentRecordsFor(ctx, callerOf(request), request.body?.email),
      }),
    )
  }
}

/**
 * The providers' notifications: raw bytes (signatures cover them), verified before anything in
 * them is believed, remembered so duplicates are recognised, then a read-back queued.
 */
const rawBodyOf = (request: { body: unknown }) =>
  Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)

export function paymentNotificationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    )

    app.post('/payment/paypal/webhook', { schema: { hide: true } }, async (request, reply) => {
      await receivePayPalWebhook(ctx, { headers: request.headers, rawBody: rawBodyOf(request) })
      return reply.status(200).send({ received: true })
    })

    app.post('/payment/oxapay/callback', { schema: { hide: true } }, async (request, reply) => {
      const isAccepted = await receiveOxaPayCallback(ctx, {
        headers: request.headers,
        rawBody: rawBodyOf(request),
      })
      if (!isAccepted) return reply.status(400).type('text/plain').send('invalid signature')
      return reply.status(200).type('text/plain').send('ok')
    })
  }
}
