import { healthResponseSchema, publicConfigSchema, type PublicConfig } from '@tp/api'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context'
import { AppError } from '../../lib/errors'
import { errorResponses } from '../../lib/route-schemas'

/** What the browser may know about this deployment: never a secret (packages/api). */
export function publicConfig(ctx: AppContext): PublicConfig {
  return {
    appName: 'Tradepeak',
    environment: ctx.env.NODE_ENV,
    google: { clientId: ctx.google.clientId, scriptUrl: ctx.google.scriptUrl },
    devMailbox: ctx.isMailCaptured,
    // uploads in the local folder are served by this app; S3 URLs are already absolute
    avatarBaseUrl: '',
    paypal: {
      isEnabled: ctx.payments.paypal !== null,
      clientId: ctx.payments.paypalBrowser.clientId,
      sdkBaseUrl: ctx.payments.paypalBrowser.sdkBaseUrl,
    },
    crypto: {
      isEnabled: ctx.payments.oxapay.isEnabled,
      sessionMinutes: ctx.env.OXAPAY_LIFETIME_MINUTES,
      sandboxUrl: ctx.payments.fakes.oxapay?.url ?? null,
    },
  }
}

export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['system']

    app.get(
      '/health',
      {
        schema: {
          tags,
          summary: 'Readiness: ok once the app serves requests and reaches its database',
          response: { 200: healthResponseSchema, ...errorResponses(503) },
        },
        logLevel: 'warn',
      },
      async () => {
        try {
          await ctx.db.execute(sql`select 1`)
        } catch (error) {
          throw new AppError('SERVICE_UNAVAILABLE', { cause: error })
        }
        return { status: 'ok' as const }
      },
    )

    app.get(
      '/config',
      {
        schema: {
          tags,
          summary: 'Public configuration for the browser',
          response: { 200: publicConfigSchema },
        },
      },
      async () => publicConfig(ctx),
    )
  }
}
