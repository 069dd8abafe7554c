import {
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  checkoutOrderParamsSchema,
  couponParamsSchema,
  couponSchema,
  couponsResponseSchema,
  refundOrderSchema,
  reviewOrderSchema,
  updateCouponSchema,
} from '@tp/api'
import { createCouponSchema } from '@tp/domain'
import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { callerOf, requireAdmin } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { listUsers } from './list-users'
import { createCoupon, listCoupons, setCouponActive } from './manage-coupons'
import { listOrdersForAdmin, refundOrderAsAdmin, retryOrder, reviewOrder } from './manage-orders'

/**
 * Everything under /api/admin sits behind one guard: 401 without a valid token, 403 for a
 * non-admin, including paths that do not exist (so the admin surface is not probed).
 * Register every admin route inside this plugin.
 */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin']
    const guard = requireAdmin(ctx)
    // before body validation: a non-admin learns nothing of the admin API, not even its shapes
    app.addHook('onRequest', guard)
    app.setNotFoundHandler({ preHandler: guard }, async () => {
      throw new AppError('NOT_FOUND')
    })

    app.get(
      '/users',
      {
        schema: {
          tags,
          summary: 'Users, newest first, a page at a time',
          security: bearerAuth,
          querystring: adminUsersQuerySchema,
          response: { 200: adminUsersResponseSchema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => ({
        data: await listUsers(ctx, request.query.page, request.query.pageSize),
      }),
    )

    const ok = z.object({ ok: z.literal(true) })

    app.get(
      '/orders',
      {
        schema: {
          tags,
          summary: 'Orders, newest first, with provisioning errors and review reasons',
          security: bearerAuth,
          querystring: adminOrdersQuerySchema,
          response: { 200: adminOrdersResponseSchema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => ({ orders: await listOrdersForAdmin(ctx, request.query.status) }),
    )

    app.post(
      '/orders/:orderId/review',
      {
        schema: {
          tags,
          summary: 'Decides an order under review: fulfil (the payment is good) or reject',
          security: bearerAuth,
          params: checkoutOrderParamsSchema,
          body: reviewOrderSchema,
          response: { 200: ok, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        await reviewOrder(
          ctx,
          callerOf(request),
          request.params.orderId,
          request.body.decision,
          request.body.note,
        )
        return { ok: true as const }
      },
    )

    app.post(
      '/orders/:orderId/retry',
      {
        schema: {
          tags,
          summary: 'Queues the provisioning of a paid order again',
          security: bearerAuth,
          params: checkoutOrderParamsSchema,
          response: { 200: ok, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        await retryOrder(ctx, callerOf(request), request.params.orderId)
        return { ok: true as const }
      },
    )

    app.post(
      '/orders/:orderId/refund',
      {
        schema: {
          tags,
          summary:
            'Refunds a paid order (card: through PayPal; crypto: sent by hand, noted) and closes its accounts',
          security: bearerAuth,
          params: checkoutOrderParamsSchema,
          body: refundOrderSchema,
          response: { 200: ok, ...errorResponses(401, 403, 404, 409, 422, 502, 503) },
        },
      },
      async (request) => {
        await refundOrderAsAdmin(ctx, callerOf(request), request.params.orderId, request.body.note)
        return { ok: true as const }
      },
    )

    app.get(
      '/coupons',
      {
        schema: {
          tags,
          summary: 'Coupons with their uses',
          security: bearerAuth,
          response: { 200: couponsResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async () => ({ coupons: await listCoupons(ctx) }),
    )

    app.post(
      '/coupons',
      {
        schema: {
          tags,
          summary: 'Creates a coupon (percent or fixed cents, expiry, usage limit)',
          security: bearerAuth,
          body: createCouponSchema,
          response: { 201: z.object({ coupon: couponSchema }), ...errorResponses(401, 403, 422) },
        },
      },
      async (request, reply) => {
        void reply.status(201)
        return { coupon: await createCoupon(ctx, request.body) }
      },
    )

    app.patch(
      '/coupons/:couponId',
      {
        schema: {
          tags,
          summary: 'Activates or deactivates a coupon',
          security: bearerAuth,
          params: couponParamsSchema,
          body: updateCouponSchema,
          response: {
            200: z.object({ coupon: couponSchema }),
            ...errorResponses(401, 403, 404, 422),
          },
        },
      },
      async (request) => ({
        coupon: await setCouponActive(ctx, request.params.couponId, request.body.isActive),
      }),
    )
  }
}
