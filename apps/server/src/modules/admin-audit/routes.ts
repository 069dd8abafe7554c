import { adminAuditQuerySchema, adminAuditResponseSchema } from '@tp/api/admin-audit'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { listAuditEntries } from './list-audit-entries'

// The audit log page (issue 14 item 7, decision 0036), under /api/admin: read-only by design (the
// log has no update or delete path at all). Registered inside adminRoutes, behind its guard:
// reads, so admins and support.

export function adminAuditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit',
      {
        schema: {
          tags: ['admin'],
          summary:
            'The audit log: searched (actor, target, action, text), filtered (kind, days), sorted by time and paged',
          security: bearerAuth,
          querystring: adminAuditQuerySchema,
          response: { 200: adminAuditResponseSchema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => ({ data: await listAuditEntries(ctx, request.query) }),
    )
  }
}
