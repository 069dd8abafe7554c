import { leaderboardQuerySchema, leaderboardResponseSchema } from '@tp/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { authenticate } from '../access/authenticate'
import { listLeaderboard } from './list-leaderboard'

// The leaderboard (spec 2.13, 4; packages/api/src/leaderboard.ts): signed-in traders see the
// month's ranking by display name; no email, login or account id in the answer.

export function leaderboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // before query validation: a caller without a token learns nothing about the API
    app.addHook('onRequest', authenticate(ctx))

    app.get(
      '/leaderboard',
      {
        schema: {
          tags: ['leaderboard'],
          summary: "This month's ranking by return: search by name, sort, pages of 10",
          security: bearerAuth,
          querystring: leaderboardQuerySchema,
          response: { 200: leaderboardResponseSchema, ...errorResponses(401, 422) },
        },
      },
      async (request) => listLeaderboard(ctx, request.query),
    )
  }
}
