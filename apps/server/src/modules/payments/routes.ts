import { and, eq } from 'drizzle-orm'
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
  type paymentHistoryStatuses,
} from '@tp/api'
import { centsToDecimalString } from '@tp/domain'
import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import {
  orders,
  payments,
  providerNotifications,
  type OrderRow,
  type PaymentRow,
} from '../../db/schema'
import { authenticate, callerOf, type Caller } from '../../lib/authenticate'
import { AppError } from '../../lib/errors'
import { bearerAuth, errorResponses, paypalErrorResponses } from '../../lib/route-schemas'
import { resolveTargetUser } from '../users/resolve-target-user'
import { listPaymentRecords } from './billing'
import { createCryptoPayment, reconcileOxaPay } from './crypto-checkout'
import { toTradingAccountDto } from '../accounts/account-dto'
import {
  capturePayPalPayment,
  createPayPalPayment,
  PayPalRefusal,
  paypalFulfilment,
} from './paypal-checkout'
import { CAPTURE_REFERENCE, reconcilePaymentJob } from './reconcile-payment'

// Spec 7's payment rows, plus the providers' notifications. Every call that pays something
// carries the bearer token; the notifications are verified (signature, HMAC) before anything in
// them is read, then only queue a read-back from the provider.

type HistoryStatus = (typeof paymentHistoryStatuses)[number]

function historyStatus(order: OrderRow, payment: PaymentRow): HistoryStatus {
  if (['paid', 'provisioning', 'fulfilled'].includes(order.status)) return 'Paid'
  if (order.status === 'under_review') return 'Under review'
  if (order.status === 'refunded') return 'Refunded'
  if (order.status === 'failed') return 'Failed'
  switch (payment.status) {
    case 'paying':
      return 'Confirming'
    case 'paid':
    case 'manual_accept':
      return 'Confirming'
    case 'expired':
      return 'Expired'
    case 'underpaid':
      return 'Underpaid'
    case 'failed':
      return 'Failed'
    default:
      return 'Waiting'
  }
}

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
          const capture = paypalOrder.capture
          const [given, ...rest] = (paypalOrder.payer?.fullName ?? '').split(' ')
          return reply.send({
            id: paypalOrder.id,
            status: paypalOrder.status,
            orderId: order.id,
            purchase_units: [
              {
                payments: {
                  captures: capture
                    ? [
                        {
                          id: capture.id,
                          status: capture.status,
                          amount: {
                            currency_code: capture.amount?.currencyCode ?? 'USD',
                            value: capture.amount?.value ?? centsToDecimalString(order.total),
                          },
                        },
                      ]
                    : [],
                },
              },
            ],
            payer: {
              name: {
                given_name: paypalOrder.payer?.givenName ?? given ?? '',
                surname: paypalOrder.payer?.surname ?? rest.join(' '),
              },
            },
          })
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

    const history = async (caller: Caller, trackId: string) => {
      const [row] = await ctx.db
        .select({ payment: payments, order: orders })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(payments.provider, 'oxapay'), eq(payments.reference, trackId)))
      if (!row || (row.order.userId !== caller.userId && caller.role !== 'admin')) {
        throw new AppError('NOT_FOUND', { message: 'No such payment.' })
      }
      // a poll is news too: whichever of callback, poll or sweep comes first confirms the payment
      let payment = row.payment
      try {
        payment = (await reconcileOxaPay(ctx, trackId, 'poll')) ?? payment
      } catch (error) {
        ctx.logger.warn({ err: error, trackId }, 'OxaPay: status not read')
      }
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, row.order.id))
      return {
        result: {
          trackId,
          status: historyStatus(order!, payment),
          orderId: order!.id,
          accountId: order!.accountId,
        },
      }
    }

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
      async (request) => history(callerOf(request), request.query.trackId),
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
      async (request) => history(callerOf(request), request.body.trackId),
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
      async (request) => {
        const { target } = await resolveTargetUser(ctx, callerOf(request), request.body?.email)
        return { result: await listPaymentRecords(ctx, target.id) }
      },
    )
  }
}

/**
 * The providers' notifications: raw bytes (signatures cover them), verified before anything in
 * them is believed, remembered so duplicates are recognised, then a read-back queued.
 */
export function paymentNotificationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    )

    const remember = async (
      provider: 'paypal' | 'oxapay',
      key: string,
      reference: string | null,
    ) => {
      const inserted = await ctx.db
        .insert(providerNotifications)
        .values({ provider, key, reference })
        .onConflictDoNothing()
        .returning({ key: providerNotifications.key })
      return inserted.length > 0
    }

    app.post('/payment/paypal/webhook', { schema: { hide: true } }, async (request, reply) => {
      const paypal = ctx.payments.paypal
      if (!paypal) throw new AppError('PAYMENT_UNAVAILABLE')
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const verification = await paypal.verifyWebhook({ headers: request.headers, rawBody })
      if (!verification.isVerified) {
        ctx.logger.warn({ reason: verification.reason }, 'PayPal webhook refused')
        throw new AppError('WEBHOOK_REJECTED')
      }
      const { event } = verification
      // a notice names its order, or a capture (a refund's, or a capture PayPal sent without
      // its related order) whose order is read back from PayPal
      const captureId = event.refund?.captureId ?? event.capture?.id ?? null
      const reference =
        event.orderId ?? (captureId === null ? null : `${CAPTURE_REFERENCE}${captureId}`)
      const isNew = await remember('paypal', event.id, reference)
      if (isNew && reference) {
        await ctx.jobs.enqueue(reconcilePaymentJob, {
          provider: 'paypal',
          reference,
          source: 'webhook',
        })
      }
      return reply.status(200).send({ received: true })
    })

    app.post('/payment/oxapay/callback', { schema: { hide: true } }, async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const verification = ctx.payments.oxapay.verifyCallback({ headers: request.headers, rawBody })
      if (!verification.ok) {
        ctx.logger.warn({ reason: verification.reason }, 'OxaPay callback refused')
        return reply.status(400).type('text/plain').send('invalid signature')
      }
      const callback = verification.callback
      if (callback.kind === 'payment') {
        const isNew = await remember(
          'oxapay',
          `${callback.trackId}:${callback.rawStatus.toLowerCase()}`,
          callback.trackId,
        )
        if (isNew) {
          await ctx.jobs.enqueue(reconcilePaymentJob, {
            provider: 'oxapay',
            reference: callback.trackId,
            source: 'callback',
          })
        }
      }
      return reply.status(200).type('text/plain').send('ok')
    })
  }
}
