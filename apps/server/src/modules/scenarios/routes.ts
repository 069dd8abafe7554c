import { accountParamsSchema, tradingAccountSchema } from '@tp/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { callerOf, requireAdmin } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { toTradingAccountDto } from '../accounts/account-dto'
import { createScenarioAccount, scenarioAccountSchema } from './create-scenario-account'
import { playPricePath, pricePathSchema } from './play-price-path'
import { stopPricePath } from './stop-price-path'

/**
 * The scenario driver (tests and demos), for admins, outside production only (SCENARIO_DRIVER):
 * accounts with a past, and scripted prices for one account.
 */
export function scenarioRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['dev']
    app.addHook('onRequest', async () => {
      if (!ctx.env.SCENARIO_DRIVER || !ctx.trading.simulated) throw new AppError('NOT_FOUND')
    })
    app.addHook('preHandler', requireAdmin(ctx))

    app.post(
      '/dev/scenarios/accounts',
      {
        schema: {
          tags,
          summary:
            'Creates a challenge account for a user, started in the past with a history of trades',
          security: bearerAuth,
          body: scenarioAccountSchema,
          response: {
            201: z.object({ account: tradingAccountSchema }),
            ...errorResponses(401, 403, 404, 422),
          },
        },
      },
      async (request, reply) => {
        const row = await createScenarioAccount(ctx, request.body)
        void reply.status(201)
        return { account: toTradingAccountDto(ctx, row) }
      },
    )

    app.post(
      '/dev/scenarios/accounts/:accountId/price-path',
      {
        schema: {
          tags,
          summary: "Plays a scripted price path as this account's market for one symbol",
          security: bearerAuth,
          params: accountParamsSchema,
          body: pricePathSchema,
          response: {
            200: z.object({ ticks: z.number().int(), durationMs: z.number().int() }),
            ...errorResponses(401, 403, 404, 422),
          },
        },
      },
      async (request) =>
        playPricePath(ctx, callerOf(request), request.params.accountId, request.body),
    )

    app.delete(
      '/dev/scenarios/accounts/:accountId/price-path',
      {
        schema: {
          tags,
          summary: 'Stops a path and gives the account back to the market',
          security: bearerAuth,
          params: accountParamsSchema,
          response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        await stopPricePath(ctx, callerOf(request), request.params.accountId)
        return reply.status(204).send(null)
      },
    )
  }
}
