import { adminRiskResponseSchema } from '@tp/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { requireAdmin } from '../access/authenticate'
import { getRiskView } from './get-risk-view'

// The admin's live risk view (under /api/admin, issue 14 item 6, decision 0038): the first state
// of the page; the stream's `risk-desk` topic keeps it live (modules/stream/risk-desk-feed.ts).

export function adminRiskRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin(ctx))

    app.get(
      '/risk',
      {
        schema: {
          tags: ['admin'],
          summary:
            'The live risk view: the active accounts nearest to a breach and the last 24 hours of breaches',
          security: bearerAuth,
          response: { 200: adminRiskResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async () => ({ data: await getRiskView(ctx) }),
    )
  }
}
