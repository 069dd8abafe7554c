import {
  adminCalendarQuerySchema,
  adminCalendarResponseSchema,
  calendarImportResponseSchema,
  calendarImportSchema,
  calendarMessages,
  calendarSyncResponseSchema,
  economicEventDeleteSchema,
  economicEventDeletedSchema,
  economicEventInputSchema,
  economicEventParamsSchema,
  economicEventResponseSchema,
} from '@tp/api/calendar'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { callerOf, requireAdmin } from '../access/authenticate'
import { importCalendarFile } from './import-calendar-file'
import { listAdminCalendar } from './list-admin-calendar'
import {
  createEconomicEvent,
  deleteEconomicEvent,
  updateEconomicEvent,
} from './manage-economic-events'
import { syncCalendarFeed } from './sync-calendar-feed'

// The admin's economic calendar (under /api/admin, decision 0037): the list, an event created,
// edited or deleted by hand, a CSV or ICS file previewed and imported, the feed synced now. Each
// change is audited.

export function adminCalendarRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin']
    app.addHook('onRequest', requireAdmin(ctx))

    app.get(
      '/calendar/events',
      {
        schema: {
          tags,
          summary: 'Economic events: filtered by range, currency, impact, source, title; paged',
          security: bearerAuth,
          querystring: adminCalendarQuerySchema,
          response: { 200: adminCalendarResponseSchema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => ({ data: await listAdminCalendar(ctx, request.query) }),
    )

    app.post(
      '/calendar/events',
      {
        schema: {
          tags,
          summary: 'Adds an economic event (audited)',
          security: bearerAuth,
          body: economicEventInputSchema,
          response: { 201: economicEventResponseSchema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request, reply) => {
        const event = await createEconomicEvent(ctx, callerOf(request), request.body)
        return reply.code(201).send({ event })
      },
    )

    app.put(
      '/calendar/events/:eventId',
      {
        schema: {
          tags,
          summary: 'Changes an economic event (audited with the values before)',
          security: bearerAuth,
          params: economicEventParamsSchema,
          body: economicEventInputSchema,
          response: { 200: economicEventResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({
        event: await updateEconomicEvent(
          ctx,
          callerOf(request),
          request.params.eventId,
          request.body,
        ),
      }),
    )

    app.delete(
      '/calendar/events/:eventId',
      {
        schema: {
          tags,
          summary: 'Deletes an economic event with a reason (audited)',
          security: bearerAuth,
          params: economicEventParamsSchema,
          body: economicEventDeleteSchema,
          response: { 200: economicEventDeletedSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => {
        await deleteEconomicEvent(
          ctx,
          callerOf(request),
          request.params.eventId,
          request.body.reason,
        )
        return { message: calendarMessages.deleted }
      },
    )

    app.post(
      '/calendar/import',
      {
        bodyLimit: 1_500_000,
        schema: {
          tags,
          summary:
            'Imports a CSV or ICS file (dryRun: the preview); idempotent: the same file again changes nothing',
          security: bearerAuth,
          body: calendarImportSchema,
          response: { 200: calendarImportResponseSchema, ...errorResponses(401, 403, 413, 422) },
        },
      },
      async (request) => ({ data: await importCalendarFile(ctx, callerOf(request), request.body) }),
    )

    app.post(
      '/calendar/sync',
      {
        schema: {
          tags,
          summary: 'Reads the configured calendar feed now (audited)',
          security: bearerAuth,
          response: { 200: calendarSyncResponseSchema, ...errorResponses(401, 403, 503) },
        },
      },
      async (request) => ({ data: await syncCalendarFeed(ctx, { caller: callerOf(request) }) }),
    )
  }
}
