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
import { callerOf, type Caller } from '../access/authenticate'
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

    /** one export: its list's filters validated (and transformed) by the route's schema */
    const exportRoute = <Q extends z.ZodType>(
      name: string,
      summary: string,
      querystring: Q,
      run: (caller: Caller, query: z.output<Q>) => Promise<CsvExport>,
    ) =>
      app.get(
        `/exports/${name}.csv`,
        {
          schema: {
            tags,
            summary,
            security: bearerAuth,
            querystring,
            produces: ['text/csv'],
            response: { 200: z.string(), ...errorResponses(401, 403, 422) },
          },
        },
        async (request, reply) =>
          send(reply, await run(callerOf(request), request.query as z.output<Q>)),
      )

    exportRoute(
      'users',
      'The users table as CSV with its filters (search, status, role), streamed (audited)',
      adminUsersListQuerySchema.pick({ search: true, status: true, role: true }),
      (caller, query) => exportUsers(ctx, caller, query),
    )
    exportRoute(
      'orders',
      'The orders as CSV with the status filter, streamed (audited)',
      adminOrdersQuerySchema,
      (caller, query) => exportOrders(ctx, caller, query),
    )
    exportRoute(
      'trading-accounts',
      'The trading accounts as CSV with their filters (search, status, plan, platform, platform server), streamed (audited)',
      adminAccountsQuerySchema.pick({
        search: true,
        status: true,
        plan: true,
        platform: true,
        adapter: true,
      }),
      (caller, query) => exportTradingAccounts(ctx, caller, query),
    )
    exportRoute(
      'payouts',
      'The payouts as CSV (open or all, as the queue), streamed (audited)',
      adminPayoutQuerySchema,
      (caller, query) => exportPayouts(ctx, caller, query),
    )
    exportRoute(
      'audit',
      "The audit log as CSV with the page's filters, streamed (audited itself)",
      adminAuditFiltersSchema,
      (caller, query) => exportAuditEntries(ctx, caller, query),
    )
  }
}
