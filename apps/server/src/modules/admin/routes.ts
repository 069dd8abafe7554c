import {
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminSummaryResponseSchema,
  adminUpdateUserSchema,
  adminUserActionResponseSchema,
  adminUserActionSchema,
  adminUserDetailResponseSchema,
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminUsersListQuerySchema,
  adminUsersListResponseSchema,
  checkoutOrderParamsSchema,
  couponParamsSchema,
  couponSchema,
  couponsResponseSchema,
  refundOrderSchema,
  retryOrderSchema,
  reviewOrderSchema,
  updateCouponSchema,
  adminCreateCouponSchema,
} from '@tp/api'
import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { callerOf, requireAdmin } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { adminAuditRoutes } from '../admin-audit/routes'
import { adminExportRoutes } from '../admin-exports/routes'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { disableUser } from './disable-user'
import { enableUser } from './enable-user'
import { getAdminSummary } from './get-admin-summary'
import { getUserDetail } from './get-user-detail'
import { listUsers } from './list-users'
import { updateUser } from './update-user'
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

    // the audit log and the CSV exports (decision 0036): their own plugins, behind the same guard
    await app.register(adminAuditRoutes(ctx))
    await app.register(adminExportRoutes(ctx))

    app.get(
      '/summary',
      {
        schema: {
          tags,
          summary:
            'The dashboard: cards, sales by day, month and year, newest traders, and the firm figures (docs/admin-metrics.md)',
          security: bearerAuth,
          response: { 200: adminSummaryResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async () => ({ data: await getAdminSummary(ctx) }),
    )

    app.get(
      '/users',
      {
        schema: {
          tags,
          summary:
            'Users with price and fund: searched, filtered, sorted and paged in the database',
          security: bearerAuth,
          querystring: adminUsersListQuerySchema,
          response: { 200: adminUsersListResponseSchema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => ({ data: await listUsers(ctx, request.query) }),
    )

    app.get(
      '/users/:userId',
      {
        schema: {
          tags,
          summary:
            'One user: profile, billing, orders, accounts, payouts, identity check, messages, audit',
          security: bearerAuth,
          params: adminUserParamsSchema,
          response: { 200: adminUserDetailResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({ data: await getUserDetail(ctx, request.params.userId) }),
    )

    app.patch(
      '/users/:userId',
      {
        schema: {
          tags,
          summary: "Edits a user's name, role or email-verified flag (audited)",
          security: bearerAuth,
          params: adminUserParamsSchema,
          body: adminUpdateUserSchema,
          response: { 200: adminUserResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({
        user: await updateUser(ctx, callerOf(request), request.params.userId, request.body),
      }),
    )

    app.post(
      '/users/:userId/disable',
      {
        schema: {
          tags,
          summary:
            'Disables a user with a reason: sign-in refused, sessions ended, trading stopped, emailed (audited)',
          security: bearerAuth,
          params: adminUserParamsSchema,
          body: adminUserActionSchema,
          response: { 200: adminUserActionResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) =>
        disableUser(ctx, callerOf(request), request.params.userId, request.body.reason),
    )

    app.post(
      '/users/:userId/enable',
      {
        schema: {
          tags,
          summary: 'Enables a disabled user with a reason: trading back on, emailed (audited)',
          security: bearerAuth,
          params: adminUserParamsSchema,
          body: adminUserActionSchema,
          response: { 200: adminUserActionResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) =>
        enableUser(ctx, callerOf(request), request.params.userId, request.body.reason),
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
          summary:
            'Decides an order under review: fulfil (the payment is good) or reject, with a reason (audited)',
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
          summary: 'Queues the provisioning of a paid order again, with a reason (audited)',
          security: bearerAuth,
          params: checkoutOrderParamsSchema,
          body: retryOrderSchema,
          response: { 200: ok, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        await retryOrder(ctx, callerOf(request), request.params.orderId, request.body.reason)
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
          summary:
            'Creates a coupon (percent or fixed cents, expiry, usage limit) with a reason (audited)',
          security: bearerAuth,
          body: adminCreateCouponSchema,
          response: { 201: z.object({ coupon: couponSchema }), ...errorResponses(401, 403, 422) },
        },
      },
      async (request, reply) => {
        void reply.status(201)
        return { coupon: await createCoupon(ctx, callerOf(request), request.body) }
      },
    )

    app.patch(
      '/coupons/:couponId',
      {
        schema: {
          tags,
          summary: 'Activates or deactivates a coupon with a reason (audited)',
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
        coupon: await setCouponActive(
          ctx,
          callerOf(request),
          request.params.couponId,
          request.body,
        ),
      }),
    )
  }
}
