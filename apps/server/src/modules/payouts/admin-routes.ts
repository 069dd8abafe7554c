import {
  adminIdentityListSchema,
  adminPayoutListSchema,
  adminPayoutQuerySchema,
  identityCheckParamsSchema,
  identityCheckSchema,
  identityFileParamsSchema,
  markPaidSchema,
  payoutListSchema,
  payoutParamsSchema,
  reviewDecisionSchema,
} from '@tp/api/payouts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { callerOf, requireAdmin } from '../access/authenticate'
import { getIdentityFile, listIdentityChecks, reviewIdentityCheck } from './identity-checks'
import { listPayoutQueue } from './list-payout-queue'
import { listUserPayouts } from './list-payouts'
import { markBankPayoutPaid } from './mark-bank-payout-paid'
import { markLateBonusPaid } from './mark-late-bonus-paid'
import { reviewPayout } from './review-payout'

// The admins' side of payouts (under /api/admin): the queue with the evidence recomputed,
// approve or reject with a reason, a bank wire marked paid with its reference, identity checks
// (the documents served only here, never from a public address), a user's payouts.

export function adminPayoutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin']
    app.addHook('onRequest', requireAdmin(ctx))
    const ok = z.object({ ok: z.literal(true) })

    app.get(
      '/payouts',
      {
        schema: {
          tags,
          summary: 'The payout queue (open, or all) with the eligibility evidence recomputed now',
          security: bearerAuth,
          querystring: adminPayoutQuerySchema,
          response: { 200: adminPayoutListSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({
        payouts: await listPayoutQueue(ctx, callerOf(request), request.query),
      }),
    )
    app.post(
      '/payouts/:payoutId/review',
      {
        schema: {
          tags,
          summary: 'Approves a payout (crypto is sent through OxaPay) or rejects it with a reason',
          security: bearerAuth,
          params: payoutParamsSchema,
          body: reviewDecisionSchema,
          response: { 200: ok, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        await reviewPayout(ctx, callerOf(request), request.params.payoutId, request.body)
        return { ok: true as const }
      },
    )
    app.post(
      '/payouts/:payoutId/mark-paid',
      {
        schema: {
          tags,
          summary: 'Marks an approved bank-wire payout paid with the reference of the wire',
          security: bearerAuth,
          params: payoutParamsSchema,
          body: markPaidSchema,
          response: { 200: ok, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        await markBankPayoutPaid(
          ctx,
          callerOf(request),
          request.params.payoutId,
          request.body.reference,
        )
        return { ok: true as const }
      },
    )
    app.post(
      '/payouts/:payoutId/late-bonus/mark-paid',
      {
        schema: {
          tags,
          summary:
            'Marks paid, with its reference, a late bonus that fell due after the payout was sent',
          security: bearerAuth,
          params: payoutParamsSchema,
          body: markPaidSchema,
          response: { 200: ok, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        await markLateBonusPaid(
          ctx,
          callerOf(request),
          request.params.payoutId,
          request.body.reference,
        )
        return { ok: true as const }
      },
    )
    app.get(
      '/users/:userId/payouts',
      {
        schema: {
          tags,
          summary: "A user's payouts with their timelines",
          security: bearerAuth,
          params: z.object({ userId: z.uuid() }),
          response: { 200: payoutListSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({
        payouts: await listUserPayouts(ctx, callerOf(request), request.params.userId),
      }),
    )

    app.get(
      '/identity-checks',
      {
        schema: {
          tags,
          summary: 'Identity checks waiting for a review (or all)',
          security: bearerAuth,
          querystring: z.object({ status: z.enum(['pending', 'all']).default('pending') }),
          response: { 200: adminIdentityListSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({
        checks: await listIdentityChecks(ctx, callerOf(request), request.query),
      }),
    )
    app.post(
      '/identity-checks/:checkId/review',
      {
        schema: {
          tags,
          summary: 'Approves an identity check, or rejects it with a reason the trader sees',
          security: bearerAuth,
          params: identityCheckParamsSchema,
          body: reviewDecisionSchema,
          response: { 200: identityCheckSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) =>
        reviewIdentityCheck(ctx, callerOf(request), request.params.checkId, request.body),
    )
    app.get(
      '/identity-checks/:checkId/files/:file',
      {
        schema: {
          tags,
          summary: 'An identity document or selfie (admins only; never cached)',
          security: bearerAuth,
          params: identityFileParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await getIdentityFile(
          ctx,
          callerOf(request),
          request.params.checkId,
          request.params.file,
        )
        return reply
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .type(file.contentType)
          .send(file.body)
      },
    )
  }
}
