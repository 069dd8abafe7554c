import {
  adminAccountsQuerySchema,
  adminOrdersQuerySchema,
  adminUsersListQuerySchema,
} from '@tp/api'
import { adminAuditFiltersSchema } from '@tp/api/admin-audit'
import { adminPayoutQuerySchema } from '@tp/api/payouts'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { callerOf } from '../access/authenticate'
import { csvStream, exportFileName, type CsvExport } from './csv-export'
import { exportAuditEntries } from './export-audit-entries'
import { exportOrders } from './export-orders'
import { exportPayouts } from './export-payouts'
import { exportTradingAccounts } from './export-trading-accounts'
import { exportUsers } from './export-users'

// The admin lists as CSV (issue 14 item 8, decision 0036), under /api/admin/exports: each with its
// list's filters, streamed from the database as it is read, audited. Registered inside adminRoutes,
// behind its guard: reads, so admins and support.

export function adminExportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin']
    const send = (reply: FastifyReply, csvExport: CsvExport) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${exportFileName(ctx, csvExport.name)}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(csvStream(csvExport))

    const schema = (summary: string, querystring: z.ZodType) => ({
      tags,
      summary,
      security: bearerAuth,
      querystring,
      produces: ['text/csv'],
      response: { 200: z.string(), ...errorResponses(401, 403, 422) },
    })

    app.get(
      '/exports/users.csv',
      {
        schema: schema(
          'The users table as CSV with its filters (search, status, role), streamed (audited)',
          adminUsersListQuerySchema.pick({ search: true, status: true, role: true }),
        ),
      },
      async (request, reply) => {
        const query = adminUsersListQuerySchema
          .pick({ search: true, status: true, role: true })
          .parse(request.query)
        return send(reply, await exportUsers(ctx, callerOf(request), query))
      },
    )

    app.get(
      '/exports/orders.csv',
      {
        schema: schema(
          'The orders as CSV with the status filter, streamed (audited)',
          adminOrdersQuerySchema,
        ),
      },
      async (request, reply) => {
        const query = adminOrdersQuerySchema.parse(request.query)
        return send(reply, await exportOrders(ctx, callerOf(request), query))
      },
    )

    const accountFilters = adminAccountsQuerySchema.pick({
      search: true,
      status: true,
      plan: true,
      platform: true,
    })
    app.get(
      '/exports/trading-accounts.csv',
      {
        schema: schema(
          'The trading accounts as CSV with their filters (search, status, plan, platform), streamed (audited)',
          accountFilters,
        ),
      },
      async (request, reply) => {
        const query = accountFilters.parse(request.query)
        return send(reply, await exportTradingAccounts(ctx, callerOf(request), query))
      },
    )

    app.get(
      '/exports/payouts.csv',
      {
        schema: schema(
          'The payouts as CSV (open or all, as the queue), streamed (audited)',
          adminPayoutQuerySchema,
        ),
      },
      async (request, reply) => {
        const query = adminPayoutQuerySchema.parse(request.query)
        return send(reply, await exportPayouts(ctx, callerOf(request), query))
      },
    )

    app.get(
      '/exports/audit.csv',
      {
        schema: schema(
          "The audit log as CSV with the page's filters, streamed (audited itself)",
          adminAuditFiltersSchema,
        ),
      },
      async (request, reply) => {
        const query = adminAuditFiltersSchema.parse(request.query)
        return send(reply, await exportAuditEntries(ctx, callerOf(request), query))
      },
    )
  }
}
