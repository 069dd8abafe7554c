import { accountParamsSchema, riskActionResponseSchema, riskActionSchema } from '@tp/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { callerOf, requireAdmin } from '../access/authenticate'
import { disableTrading } from './disable-trading'
import { enableTrading } from './enable-trading'
import { forceClosePositions } from './force-close-positions'

// The risk desk's actions on a trader's account (admins, under /api/admin): close every position,
// disable or enable trading, each with a reason that the audit log keeps and the owner is emailed.
// An admin never trades the account (decision 0017's access policy: 'manage', not 'trade').

export function adminTradingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin']
    // before body validation: a non-admin learns nothing of the admin API, not even its shapes
    app.addHook('onRequest', requireAdmin(ctx))
    const schema = (summary: string) => ({
      tags,
      summary,
      security: bearerAuth,
      params: accountParamsSchema,
      body: riskActionSchema,
      response: { 200: riskActionResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
    })

    app.post(
      '/trading-accounts/:accountId/close-all',
      {
        schema: schema(
          'Closes every position at market and cancels pending orders, with a reason (audited)',
        ),
      },
      async (request) =>
        forceClosePositions(ctx, callerOf(request), { ...request.params, ...request.body }),
    )

    app.post(
      '/trading-accounts/:accountId/disable-trading',
      {
        schema: schema('Disables trading and cancels pending orders, with a reason (audited)'),
      },
      async (request) =>
        disableTrading(ctx, callerOf(request), { ...request.params, ...request.body }),
    )

    app.post(
      '/trading-accounts/:accountId/enable-trading',
      { schema: schema('Enables trading again on an active account, with a reason (audited)') },
      async (request) =>
        enableTrading(ctx, callerOf(request), { ...request.params, ...request.body }),
    )
  }
}
