import {
  accountParamsSchema,
  adminAccountActionResponseSchema,
  adminAccountActionSchema,
  adminAccountResponseSchema,
  adminAccountsQuerySchema,
  adminAccountsResponseSchema,
  adminLedgerQuerySchema,
  adminLedgerResponseSchema,
  adminLeverageSchema,
  adminVerdictsResponseSchema,
} from '@tp/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { callerOf, requireAdmin } from '../access/authenticate'
import { changeAccountLeverage } from './change-account-leverage'
import { extendAccount } from './extend-account'
import { failAccount } from './fail-account'
import { getAccountLedger } from './get-account-ledger'
import { getAccountVerdicts } from './get-account-verdicts'
import { getAdminAccount } from './get-admin-account'
import { listAccounts } from './list-accounts'
import { passAccount } from './pass-account'
import { resetAccount } from './reset-account'

// The admin's trading accounts (under /api/admin, issue 14 items 4 and 5, decision 0035): the
// list, one account's ledger and verdicts, and the manual actions, each with a reason (audited,
// the owner emailed). The risk desk's close-all / disable / enable stay in trading/admin-routes.

export function adminAccountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin']
    app.addHook('onRequest', requireAdmin(ctx))

    app.get(
      '/trading-accounts',
      {
        schema: {
          tags,
          summary:
            'Trading accounts: searched, filtered, sorted and paged in the database, live figures where active',
          security: bearerAuth,
          querystring: adminAccountsQuerySchema,
          response: { 200: adminAccountsResponseSchema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => ({ data: await listAccounts(ctx, request.query) }),
    )

    app.get(
      '/trading-accounts/:accountId',
      {
        schema: {
          tags,
          summary:
            "One trading account's row of the table: its platform server and whether disabling it closes its positions",
          security: bearerAuth,
          params: accountParamsSchema,
          response: { 200: adminAccountResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({
        data: await getAdminAccount(ctx, callerOf(request), request.params),
      }),
    )

    app.get(
      '/trading-accounts/:accountId/ledger',
      {
        schema: {
          tags,
          summary: "One page of the account's evaluation ledger, newest first",
          security: bearerAuth,
          params: accountParamsSchema,
          querystring: adminLedgerQuerySchema,
          response: { 200: adminLedgerResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({
        data: await getAccountLedger(ctx, callerOf(request), {
          ...request.params,
          ...request.query,
        }),
      }),
    )

    app.get(
      '/trading-accounts/:accountId/verdicts',
      {
        schema: {
          tags,
          summary: "The live verdict beside the engine's replay of the account's export",
          security: bearerAuth,
          params: accountParamsSchema,
          response: { 200: adminVerdictsResponseSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({
        data: await getAccountVerdicts(ctx, callerOf(request), request.params),
      }),
    )

    const action = (summary: string) => ({
      tags,
      summary,
      security: bearerAuth,
      params: accountParamsSchema,
      body: adminAccountActionSchema,
      response: {
        200: adminAccountActionResponseSchema,
        ...errorResponses(401, 403, 404, 409, 422),
      },
    })

    app.post(
      '/trading-accounts/:accountId/pass',
      { schema: action('Passes an active account by hand, with a reason (audited, emailed)') },
      async (request) =>
        passAccount(ctx, callerOf(request), { ...request.params, ...request.body }),
    )

    app.post(
      '/trading-accounts/:accountId/fail',
      { schema: action('Fails an active account by hand, with a reason (audited, emailed)') },
      async (request) =>
        failAccount(ctx, callerOf(request), { ...request.params, ...request.body }),
    )

    app.post(
      '/trading-accounts/:accountId/extend',
      {
        schema: action(
          'Restarts the 30-day inactivity window of an active account, with a reason (audited, emailed)',
        ),
      },
      async (request) =>
        extendAccount(ctx, callerOf(request), { ...request.params, ...request.body }),
    )

    app.post(
      '/trading-accounts/:accountId/reset',
      { schema: action('Refused: decisions.md offers no reset (docs/admin-account-policy.md)') },
      async (request) =>
        resetAccount(ctx, callerOf(request), { ...request.params, ...request.body }),
    )

    app.post(
      '/trading-accounts/:accountId/leverage',
      {
        schema: {
          ...action(
            "Sets the leverage within the plan's maximum, with a reason (audited, emailed)",
          ),
          body: adminLeverageSchema,
        },
      },
      async (request) =>
        changeAccountLeverage(ctx, callerOf(request), { ...request.params, ...request.body }),
    )
  }
}
