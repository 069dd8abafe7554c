import { accountParamsSchema } from '@tp/api'
import { policyViolationsResponseSchema } from '@tp/api/policy-violations'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { authenticate, callerOf } from '../access/authenticate'
import { listPolicyViolations } from './list-policy-violations'

// An account's firm-policy violations on a real MetaTrader server (decision 0045).

export function policyViolationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx))

    app.get(
      '/trading/accounts/:accountId/policy-violations',
      {
        schema: {
          tags: ['trading'],
          summary:
            "The account's firm-policy violations (lot cap, weekend holding, market hours), newest first",
          security: bearerAuth,
          params: accountParamsSchema,
          response: { 200: policyViolationsResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({
        data: {
          violations: await listPolicyViolations(ctx, callerOf(request), request.params.accountId),
        },
      }),
    )
  }
}
