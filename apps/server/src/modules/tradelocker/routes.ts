import {
  importTradeLockerAccountsBodySchema,
  linkedAccountMetricsQuerySchema,
  linkedAccountMetricsResponseSchema,
  linkedAccountParamsSchema,
  linkTradeLockerBodySchema,
  linkTradeLockerResponseSchema,
  listLinkedAccountsResponseSchema,
  listTradeLockerLinksResponseSchema,
  tradeLockerAvailableResponseSchema,
  tradeLockerLinkParamsSchema,
  tradeLockerLinkResponseSchema,
  tradeLockerRefreshBodySchema,
  tradeLockerRefreshResponseSchema,
} from '@tp/api/tradelocker'
import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { authenticate, callerOf } from '../access/authenticate'
import { getLinkedAccountMetrics } from './get-linked-account-metrics'
import { importTradeLockerAccounts } from './import-tradelocker-accounts'
import { linkTradeLocker } from './link-tradelocker'
import { listTradeLockerAvailable } from './list-tradelocker-available'
import { listLinkedAccounts, listTradeLockerLinks } from './list-tradelocker-links'
import { refreshTradeLockerToken } from './refresh-tradelocker-token'
import { unlinkTradeLocker } from './unlink-tradelocker'

// TradeLocker linked accounts (issue 15 item 8, spec 7; packages/api/src/tradelocker.ts;
// decision 0044): link a TradeLocker login, choose its accounts to import, refresh its tokens,
// unlink; the linked accounts' analytics (read-only).

export function tradeLockerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['tradelocker']
    // before body validation: a caller without a token learns nothing about the API
    app.addHook('onRequest', authenticate(ctx))

    app.get(
      '/tradelocker/links',
      {
        schema: {
          tags,
          summary: "The caller's TradeLocker links and their imported accounts (no tokens)",
          security: bearerAuth,
          response: { 200: listTradeLockerLinksResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ data: await listTradeLockerLinks(ctx, callerOf(request)) }),
    )

    app.post(
      '/tradelocker/links',
      {
        schema: {
          tags,
          summary: 'Link a TradeLocker login (or sign it in again)',
          description:
            'Signs in to TradeLocker (demo or live host by accountType) with the email, password ' +
            'and broker server; the password is used for this sign-in only and never stored, ' +
            "the tokens are kept sealed. Answers the link and the login's accounts to choose " +
            'from. Wrong credentials: 422. Rate limited per user.',
          security: bearerAuth,
          body: linkTradeLockerBodySchema,
          response: {
            200: linkTradeLockerResponseSchema,
            ...errorResponses(401, 422, 429, 503),
          },
        },
      },
      async (request) => ({
        data: await linkTradeLocker(ctx, { ...callerOf(request), ip: request.ip }, request.body),
      }),
    )

    app.get(
      '/tradelocker/links/:linkId/available',
      {
        schema: {
          tags,
          summary: "The accounts of one of the caller's TradeLocker logins, to import",
          security: bearerAuth,
          params: tradeLockerLinkParamsSchema,
          response: {
            200: tradeLockerAvailableResponseSchema,
            ...errorResponses(401, 404, 422, 503),
          },
        },
      },
      async (request) => ({
        data: await listTradeLockerAvailable(ctx, callerOf(request), request.params.linkId),
      }),
    )

    app.post(
      '/tradelocker/links/:linkId/accounts',
      {
        schema: {
          tags,
          summary: 'Import chosen accounts of a TradeLocker login with their order history',
          description:
            'Filled orders are grouped by position into closed trades (decision 0044); the ' +
            "accounts appear read-only in the caller's analytics as kind `linked`.",
          security: bearerAuth,
          params: tradeLockerLinkParamsSchema,
          body: importTradeLockerAccountsBodySchema,
          response: {
            200: tradeLockerLinkResponseSchema,
            ...errorResponses(401, 404, 422, 503),
          },
        },
      },
      async (request) => ({
        data: await importTradeLockerAccounts(
          ctx,
          callerOf(request),
          request.params.linkId,
          request.body.accounts,
        ),
      }),
    )

    app.delete(
      '/tradelocker/links/:linkId',
      {
        schema: {
          tags,
          summary: 'Unlink a TradeLocker login: its tokens and imported accounts are removed',
          security: bearerAuth,
          params: tradeLockerLinkParamsSchema,
          response: { 204: z.null(), ...errorResponses(401, 404, 422) },
        },
      },
      async (request, reply) => {
        await unlinkTradeLocker(ctx, callerOf(request), request.params.linkId)
        return reply.status(204).send(null)
      },
    )

    app.post(
      '/tradelocker/refresh',
      {
        schema: {
          tags,
          summary: "Refresh a linked TradeLocker login's tokens (spec 7)",
          description:
            "The refresh token must be the one held for one of the caller's own links on that " +
            'environment; TradeLocker rotates both tokens (the old refresh token is refused from ' +
            'then on). A refusal by TradeLocker marks the link as needing a new sign-in.',
          security: bearerAuth,
          body: tradeLockerRefreshBodySchema,
          response: {
            200: tradeLockerRefreshResponseSchema,
            ...errorResponses(401, 422, 503),
          },
        },
      },
      async (request) => ({
        data: await refreshTradeLockerToken(ctx, callerOf(request), request.body),
      }),
    )

    app.get(
      '/tradelocker/accounts',
      {
        schema: {
          tags,
          summary: "The caller's linked TradeLocker accounts (read-only analytics accounts)",
          security: bearerAuth,
          response: { 200: listLinkedAccountsResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ data: await listLinkedAccounts(ctx, callerOf(request)) }),
    )

    app.get(
      '/tradelocker/accounts/:linkedAccountId/metrics',
      {
        schema: {
          tags,
          summary:
            "A linked account's analytics and rule what-if at an account size (owner or admin)",
          security: bearerAuth,
          params: linkedAccountParamsSchema,
          querystring: linkedAccountMetricsQuerySchema,
          response: {
            200: linkedAccountMetricsResponseSchema,
            ...errorResponses(401, 404, 422),
          },
        },
      },
      async (request) => ({
        data: await getLinkedAccountMetrics(
          ctx,
          callerOf(request),
          request.params.linkedAccountId,
          request.query.sizeK,
        ),
      }),
    )
  }
}
