import { accountParamsSchema } from '@tp/api'
import {
  calendarEventsQuerySchema,
  calendarEventsResponseSchema,
  newsViolationsResponseSchema,
} from '@tp/api/calendar'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { authenticate, callerOf } from '../access/authenticate'
import { listCalendarEvents } from './list-calendar-events'
import { listNewsViolations } from './list-news-violations'

// The trader's economic calendar and an account's news-rule violations (decision 0037).

export function calendarRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx))

    app.get(
      '/calendar/events',
      {
        schema: {
          tags: ['calendar'],
          summary:
            "Economic events in a range (default the next 7 days), with the news rule of the caller's accounts",
          security: bearerAuth,
          querystring: calendarEventsQuerySchema,
          response: { 200: calendarEventsResponseSchema, ...errorResponses(401, 422) },
        },
      },
      async (request) => ({
        data: await listCalendarEvents(ctx, callerOf(request), request.query),
      }),
    )

    app.get(
      '/trading/accounts/:accountId/news-violations',
      {
        schema: {
          tags: ['trading'],
          summary: "The account's news-rule violations with their evidence, newest first",
          security: bearerAuth,
          params: accountParamsSchema,
          response: { 200: newsViolationsResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({
        data: {
          violations: await listNewsViolations(ctx, callerOf(request), request.params.accountId),
        },
      }),
    )
  }
}
