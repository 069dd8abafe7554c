import {
  adminMessageParamsSchema,
  adminMessageResponseSchema,
  adminMessagesQuerySchema,
  adminMessagesResponseSchema,
  answerMessageSchema,
} from '@tp/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { callerOf, requireAdmin } from '../access/authenticate'
import { answerServiceMessage } from './answer-service-message'
import { exportNewsletterSubscribers } from './export-newsletter-subscribers'
import { getServiceMessage } from './get-service-message'
import { listServiceMessages } from './list-service-messages'

// The admin inbox (under /api/admin): contact messages and partner applications, their answers,
// and the newsletter's subscribers as CSV. Admins only (the access policy's admin guard).

export function adminServiceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin']
    // before validation: a non-admin learns nothing of the admin API, not even its shapes
    app.addHook('onRequest', requireAdmin(ctx))

    app.get(
      '/messages',
      {
        schema: {
          tags,
          summary: 'Contact messages and partner applications, newest first, a page at a time',
          security: bearerAuth,
          querystring: adminMessagesQuerySchema,
          response: { 200: adminMessagesResponseSchema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => listServiceMessages(ctx, request.query),
    )

    app.get(
      '/messages/:messageId',
      {
        schema: {
          tags,
          summary: 'One message or application, with its answers',
          security: bearerAuth,
          params: adminMessageParamsSchema,
          response: { 200: adminMessageResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({ message: await getServiceMessage(ctx, request.params.messageId) }),
    )

    app.post(
      '/messages/:messageId/answer',
      {
        schema: {
          tags,
          summary: 'Answers a message: emailed to the sender, stored, the message marked answered',
          security: bearerAuth,
          params: adminMessageParamsSchema,
          body: answerMessageSchema,
          response: { 200: adminMessageResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({
        message: await answerServiceMessage(
          ctx,
          callerOf(request),
          request.params.messageId,
          request.body.body,
        ),
      }),
    )

    app.get(
      '/newsletter/subscribers.csv',
      {
        schema: {
          tags,
          summary: 'Confirmed newsletter subscribers as CSV (email, subscribed_at, confirmed_at)',
          security: bearerAuth,
          produces: ['text/csv'],
          response: { 200: z.string(), ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        const csv = await exportNewsletterSubscribers(ctx, callerOf(request))
        const day = ctx.clock.now().toISOString().slice(0, 10)
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
          .header('Cache-Control', 'no-store')
          .send(csv)
      },
    )
  }
}
