import {
  metatraderConnectionTestResponseSchema,
  metatraderConnectionTestSchema,
} from '@tp/api/metatrader'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { authenticate, callerOf } from '../access/authenticate'
import { testMetatraderConnection } from './test-metatrader-connection'

// Connect MetaTrader (spec 2.13, 5; packages/api/src/metatrader.ts; decision 0043).

export function metatraderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // before body validation: a caller without a token learns nothing about the API
    app.addHook('onRequest', authenticate(ctx))

    app.post(
      '/metatrader/connection-test',
      {
        schema: {
          tags: ['metatrader'],
          summary: "Test a trader's MetaTrader credentials through MetaApi",
          description:
            'Adds the account to MetaApi for the test, waits for it to connect, reads its account ' +
            'information and removes it again. 200 either way: `connected` with the account, or ' +
            '`failed` with the platform\'s reason ("Connection Failed"). The password is used ' +
            'for this test only and never stored. Rate limited per user.',
          security: bearerAuth,
          body: metatraderConnectionTestSchema,
          response: {
            200: metatraderConnectionTestResponseSchema,
            ...errorResponses(401, 422, 429, 503),
          },
        },
      },
      async (request) =>
        testMetatraderConnection(
          ctx,
          { userId: callerOf(request).userId, ip: request.ip },
          request.body,
        ),
    )
  }
}
