import { mailboxListResponseSchema, mailboxMessageResponseSchema } from '@tp/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { requireAdmin } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { getCapturedEmail } from './get-captured-email'
import { listCapturedEmails } from './list-captured-emails'

/**
 * The development mailbox: what the local SMTP capture caught, for admins, so a newcomer can
 * follow a password reset link without a real mail server. Absent (404) when mail really goes
 * out (SMTP_URL set), and therefore always in production.
 */
export function devMailboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['dev']
    app.addHook('onRequest', async () => {
      if (!ctx.isMailCaptured) throw new AppError('NOT_FOUND')
    })
    app.addHook('preHandler', requireAdmin(ctx))

    app.get(
      '/dev/mailbox',
      {
        schema: {
          tags,
          summary: 'Captured emails, newest first (development only)',
          security: bearerAuth,
          response: { 200: mailboxListResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async () => ({ data: await listCapturedEmails(ctx) }),
    )

    app.get(
      '/dev/mailbox/:id',
      {
        schema: {
          tags,
          summary: 'One captured email with its text and HTML (development only)',
          security: bearerAuth,
          params: z.object({ id: z.uuid() }),
          response: { 200: mailboxMessageResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({ data: await getCapturedEmail(ctx, request.params.id) }),
    )
  }
}
