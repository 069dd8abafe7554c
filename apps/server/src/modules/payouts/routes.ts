import {
  acceptAgreementSchema,
  agreementSchema,
  identityCheckSchema,
  identitySubmitSchema,
  payoutAccountParamsSchema,
  payoutEligibilitySchema,
  payoutListSchema,
  payoutMethodInputSchema,
  payoutMethodListSchema,
  payoutMethodParamsSchema,
  payoutMethodSchema,
  payoutSchema,
  requestPayoutSchema,
} from '@tp/api/payouts'
import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { bearerAuth, errorResponses } from '../../lib/route-schemas'
import { authenticate, callerOf } from '../access/authenticate'
import { getIdentityCheck, submitIdentityCheck } from './identity-checks'
import { getPayoutEligibility, listFundedEligibility } from './get-payout-eligibility'
import { listOwnPayouts } from './list-payouts'
import { acceptAgreement, readAgreementFor } from './payout-agreement'
import { deletePayoutMethod, listPayoutMethods, savePayoutMethod } from './payout-methods'
import { receivePayoutCallback } from './receive-payout-callback'
import { requestPayout } from './request-payout'

// A funded trader's payouts (issue 13): eligibility, methods, identity check, agreement,
// requests and history. Identity from the token; accounts through the access policy.

const IDENTITY_BODY_LIMIT = 16 * 1024 * 1024

export function payoutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['payouts']
    app.addHook('onRequest', authenticate(ctx))
    const read = (summary: string, response: z.ZodType) => ({
      tags,
      summary,
      security: bearerAuth,
      response: { 200: response, ...errorResponses(401, 403, 404) },
    })

    app.get(
      '/payouts/eligibility',
      {
        schema: read(
          "The caller's funded accounts, each with its payout eligibility now",
          z.object({ accounts: z.array(payoutEligibilitySchema) }),
        ),
      },
      async (request) => ({ accounts: await listFundedEligibility(ctx, callerOf(request)) }),
    )
    app.get(
      '/payouts/accounts/:accountId/eligibility',
      {
        schema: {
          ...read(
            'One account: every payout condition with its figures, and the amount',
            payoutEligibilitySchema,
          ),
          params: payoutAccountParamsSchema,
        },
      },
      async (request) => getPayoutEligibility(ctx, callerOf(request), request.params.accountId),
    )

    app.get(
      '/payouts',
      { schema: read("The caller's payouts with their timelines", payoutListSchema) },
      async (request) => ({
        payouts: await listOwnPayouts(ctx, callerOf(request)),
      }),
    )
    app.post(
      '/payouts',
      {
        schema: {
          tags,
          summary:
            'Requests a payout of a funded account with a saved method (trading pauses until decided)',
          security: bearerAuth,
          body: requestPayoutSchema,
          response: { 201: payoutSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await requestPayout(ctx, callerOf(request), request.body)),
    )

    app.get(
      '/payouts/methods',
      { schema: read('The payout methods saved in the profile', payoutMethodListSchema) },
      async (request) => ({
        methods: await listPayoutMethods(ctx, callerOf(request)),
      }),
    )
    app.post(
      '/payouts/methods',
      {
        schema: {
          tags,
          summary:
            'Saves a payout method: crypto (currency, network, address checked per network) or bank wire (IBAN/SWIFT or account number)',
          security: bearerAuth,
          body: payoutMethodInputSchema,
          response: { 201: payoutMethodSchema, ...errorResponses(401, 422) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await savePayoutMethod(ctx, callerOf(request), request.body)),
    )
    app.delete(
      '/payouts/methods/:methodId',
      {
        schema: {
          tags,
          summary: 'Removes a saved payout method',
          security: bearerAuth,
          params: payoutMethodParamsSchema,
          response: { 204: z.null(), ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        await deletePayoutMethod(ctx, callerOf(request), request.params.methodId)
        return reply.status(204).send(null)
      },
    )

    app.get(
      '/payouts/identity',
      { schema: read("The caller's identity check (its latest submission)", identityCheckSchema) },
      async (request) => getIdentityCheck(ctx, callerOf(request)),
    )
    app.post(
      '/payouts/identity',
      {
        bodyLimit: IDENTITY_BODY_LIMIT,
        schema: {
          tags,
          summary:
            'Submits the identity check (legal name, date of birth, country, ID document and selfie as data URLs)',
          security: bearerAuth,
          body: identitySubmitSchema,
          response: { 201: identityCheckSchema, ...errorResponses(401, 409, 413, 422) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await submitIdentityCheck(ctx, callerOf(request), request.body)),
    )

    app.get(
      '/payouts/agreement',
      {
        schema: read(
          'The funded-trader agreement: version and when the caller accepted it',
          agreementSchema,
        ),
      },
      async (request) => readAgreementFor(ctx, callerOf(request)),
    )
    app.post(
      '/payouts/agreement',
      {
        schema: {
          tags,
          summary: 'Accepts the funded-trader agreement (version and time stored)',
          security: bearerAuth,
          body: acceptAgreementSchema,
          response: { 200: agreementSchema, ...errorResponses(401, 422) },
        },
      },
      async (request) => acceptAgreement(ctx, callerOf(request)),
    )
  }
}

/** OxaPay's payout status callbacks: raw bytes (the HMAC covers them), verified first. */
export function payoutNotificationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    )
    app.post('/payouts/oxapay/callback', { schema: { hide: true } }, async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const isAccepted = await receivePayoutCallback(ctx, { headers: request.headers, rawBody })
      if (!isAccepted) return reply.status(400).type('text/plain').send('invalid signature')
      return reply.status(200).type('text/plain').send('ok')
    })
  }
}
