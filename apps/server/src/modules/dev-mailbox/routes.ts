import { desc, eq } from 'drizzle-orm'
import { mailboxListResponseSchema, mailboxMessageResponseSchema } from '@tp/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { capturedEmails, type CapturedEmailRow } from '../../db/schema'
import { requireAdmin } from '../access/authenticate'
import { AppError } from '../../lib/errors'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'

const MAILBOX_PAGE = 100

function toSummary(row: Omit<CapturedEmailRow, 'text' | 'html' | 'messageId'>) {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    subject: row.subject,
    links: row.links,
    receivedAt: row.receivedAt.toISOString(),
  }
}

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
      async () => {
        const rows = await ctx.db
          .select({
            id: capturedEmails.id,
            from: capturedEmails.from,
            to: capturedEmails.to,
            subject: capturedEmails.subject,
            links: capturedEmails.links,
            receivedAt: capturedEmails.receivedAt,
          })
          .from(capturedEmails)
          .orderBy(desc(capturedEmails.receivedAt), desc(capturedEmails.id))
          .limit(MAILBOX_PAGE)
        return { data: rows.map(toSummary) }
      },
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
      async (request) => {
        const [row] = await ctx.db
          .select()
          .from(capturedEmails)
          .where(eq(capturedEmails.id, request.params.id))
        if (!row) throw new AppError('NOT_FOUND')
        return { data: { ...toSummary(row), text: row.text, html: row.html } }
      },
    )
  }
}
