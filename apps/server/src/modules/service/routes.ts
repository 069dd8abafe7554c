import {
  contactRequestSchema,
  formTokenResponseSchema,
  newsletterRequestSchema,
  newsletterTokenResponseSchema,
  newsletterTokenSchema,
  partnerRequestSchema,
  serviceSubmitResponseSchema,
} from '@tp/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { errorResponses } from '../../lib/route-schemas'
import { optionalCaller } from '../access/authenticate'
import { applyAsPartner } from './apply-as-partner'
import { confirmNewsletter } from './confirm-newsletter'
import { issueFormToken } from './form-start-token'
import { sendContactMessage } from './send-contact-message'
import { subscribeToNewsletter } from './subscribe-to-newsletter'
import { unsubscribeFromNewsletter } from './unsubscribe-from-newsletter'

// The public forms that reach the firm (spec 7 service/*, decision 0026). Anyone may send them; a
// signed-in caller is recorded with what they send.

export function serviceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['service']
    const submitted = { 200: serviceSubmitResponseSchema, ...errorResponses(422, 429) }
    const sender = async (request: Parameters<typeof optionalCaller>[1]) => ({
      ip: request.ip,
      userId: (await optionalCaller(ctx, request))?.userId ?? null,
    })

    app.get(
      '/service/form-token',
      {
        schema: {
          tags,
          summary:
            'A form-start token for a public form: sent with the form, no sooner than its notBefore',
          response: { 200: formTokenResponseSchema },
        },
      },
      async (_request, reply) => {
        void reply.header('Cache-Control', 'no-store')
        return issueFormToken(ctx)
      },
    )

    app.post(
      '/service/contact',
      {
        schema: {
          tags,
          summary:
            'Contact form: stored for the admin inbox, emailed to support, acknowledged to the sender',
          body: contactRequestSchema,
          response: submitted,
        },
      },
      async (request) => sendContactMessage(ctx, request.body, await sender(request)),
    )

    app.post(
      '/service/become-partner',
      {
        schema: {
          tags,
          summary:
            'Partner application: stored for the admin inbox, emailed to support, acknowledged to the applicant',
          body: partnerRequestSchema,
          response: submitted,
        },
      },
      async (request) => applyAsPartner(ctx, request.body, await sender(request)),
    )

    app.post(
      '/service/newsletter',
      {
        schema: {
          tags,
          summary: 'Newsletter sign-up (double opt-in): emails a confirmation link',
          body: newsletterRequestSchema,
          response: submitted,
        },
      },
      async (request) => subscribeToNewsletter(ctx, request.body, await sender(request)),
    )

    const tokenAnswer = { 200: newsletterTokenResponseSchema, ...errorResponses(404, 422) }

    app.get(
      '/service/newsletter/confirm',
      {
        schema: {
          tags,
          summary: 'Confirms a newsletter subscription by its emailed token (idempotent)',
          querystring: newsletterTokenSchema,
          response: tokenAnswer,
        },
      },
      async (request) => confirmNewsletter(ctx, request.query.token),
    )

    app.post(
      '/service/newsletter/confirm',
      {
        schema: {
          tags,
          summary: 'Confirms a newsletter subscription by its emailed token (idempotent)',
          body: newsletterTokenSchema,
          response: tokenAnswer,
        },
      },
      async (request) => confirmNewsletter(ctx, request.body.token),
    )

    app.get(
      '/service/newsletter/unsubscribe',
      {
        schema: {
          tags,
          summary: 'One-click unsubscribe by the signed token of a newsletter email (idempotent)',
          querystring: newsletterTokenSchema,
          response: tokenAnswer,
        },
      },
      async (request) => unsubscribeFromNewsletter(ctx, request.query.token),
    )

    app.post(
      '/service/newsletter/unsubscribe',
      {
        schema: {
          tags,
          summary: 'One-click unsubscribe by the signed token of a newsletter email (idempotent)',
          body: newsletterTokenSchema,
          response: tokenAnswer,
        },
      },
      async (request) => unsubscribeFromNewsletter(ctx, request.body.token),
    )
  }
}
