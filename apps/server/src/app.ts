import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import fastifyMultipart from '@fastify/multipart'
import fastifyWebsocket from '@fastify/websocket'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { AVATAR_MAX_BYTES, messages } from '@tp/api'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import type { AppContext } from './context'
import { registerCompression } from './lib/compression'
import { AppError } from './lib/errors'
import { answerFrameworkError, registerErrorHandler, sendError } from './lib/error-handler'
import { registerNulCharacterCheck } from './lib/nul-characters'
import { registerSecurityHeaders } from './lib/security-headers'
import { isPageRequest, registerUploads, registerWebApp } from './lib/serve-files'
import { certificateRoutes } from './modules/certificates/routes'
import { certificatePageRoutes } from './modules/certificates/page-routes'
import { adminRoutes } from './modules/admin/routes'
import { adminAccountRoutes } from './modules/admin-accounts/routes'
import { adminCalendarRoutes } from './modules/calendar/admin-routes'
import { calendarRoutes } from './modules/calendar/routes'
import { policyViolationRoutes } from './modules/policy-violations/routes'
import { adminRiskRoutes } from './modules/admin-risk/routes'
import { authRoutes } from './modules/auth/routes'
import { devMailboxRoutes } from './modules/dev-mailbox/routes'
import { profileRoutes } from './modules/profile/routes'
import { orderRoutes, pricingRoutes } from './modules/orders/routes'
import { paymentNotificationRoutes, paymentRoutes } from './modules/payments/routes'
import { adminPayoutRoutes } from './modules/payouts/admin-routes'
import { payoutNotificationRoutes, payoutRoutes } from './modules/payouts/routes'
import { scenarioRoutes } from './modules/scenarios/routes'
import { adminServiceRoutes } from './modules/service/admin-routes'
import { serviceRoutes } from './modules/service/routes'
import { streamRoutes } from './modules/stream/routes'
import { systemRoutes } from './modules/system/routes'
import { adminTradingRoutes } from './modules/trading/admin-routes'
import { marketRoutes, tradingRoutes } from './modules/trading/routes'
import { analyticsRoutes } from './modules/analytics/routes'
import { leaderboardRoutes } from './modules/leaderboard/routes'
import { metatraderRoutes } from './modules/metatrader/routes'
import { statementImportRoutes } from './modules/statement-imports/routes'
import { tradeLockerRoutes } from './modules/tradelocker/routes'

export type BuildAppOptions = {
  /** The built web app to serve; skipped (API only) when it has no index.html. */
  webDistDir?: string
  /** Folder of the local storage adapter, served at /uploads/. */
  uploadsDir?: string
  /** the PayPal JS SDK the checkout loads (its origin is allowed by the page's CSP) */
  paypalSdkUrl?: string
}

/** The HTTP app: every plugin and module route, on one Fastify instance. */
export async function buildApp(
  ctx: AppContext,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    trustProxy: ctx.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
    frameworkErrors: answerFrameworkError,
  })

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorateRequest('caller', null)
  registerErrorHandler(app)
  await registerCompression(app)
  await registerSecurityHeaders(app, {
    googleScriptUrl: ctx.google.scriptUrl,
    ...(options.paypalSdkUrl ? { paypalSdkUrl: options.paypalSdkUrl } : {}),
    isProduction: ctx.env.isProduction,
  })
  await app.register(fastifyMultipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  })
  // the multipart parser takes multipart bodies on every route and leaves the body null; a route
  // that reads a JSON body would answer that with a puzzling validation error, so refuse the
  // media type instead (routes taking a form say so with `consumes`)
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema
    if (!request.isMultipart() || !schema?.body) return
    if (schema.consumes?.includes('multipart/form-data')) return
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: messages.http.jsonOnly })
  })
  registerNulCharacterCheck(app)

  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } })

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Tradepeak API',
        description: 'The API of the Tradepeak web app. Errors answer { code, message, details? }.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })

  await app.register(
    async (api) => {
      await api.register(systemRoutes(ctx))
      await api.register(authRoutes(ctx))
      await api.register(profileRoutes(ctx))
      await api.register(devMailboxRoutes(ctx))
      await api.register(adminRoutes(ctx), { prefix: '/admin' })
      await api.register(adminTradingRoutes(ctx), { prefix: '/admin' })
      await api.register(adminAccountRoutes(ctx), { prefix: '/admin' })
      await api.register(adminRiskRoutes(ctx), { prefix: '/admin' })
      await api.register(adminServiceRoutes(ctx), { prefix: '/admin' })
      await api.register(adminCalendarRoutes(ctx), { prefix: '/admin' })
      await api.register(calendarRoutes(ctx))
      await api.register(policyViolationRoutes(ctx))
      await api.register(marketRoutes(ctx))
      await api.register(tradingRoutes(ctx))
      await api.register(analyticsRoutes(ctx))
      await api.register(leaderboardRoutes(ctx))
      await api.register(metatraderRoutes(ctx))
      await api.register(statementImportRoutes(ctx))
      await api.register(tradeLockerRoutes(ctx))
      await api.register(streamRoutes(ctx))
      await api.register(scenarioRoutes(ctx))
      await api.register(pricingRoutes(ctx))
      await api.register(orderRoutes(ctx))
      await api.register(paymentRoutes(ctx))
      await api.register(paymentNotificationRoutes(ctx))
      await api.register(payoutRoutes(ctx))
      await api.register(payoutNotificationRoutes(ctx))
      await api.register(adminPayoutRoutes(ctx), { prefix: '/admin' })
      await api.register(serviceRoutes(ctx))
      await api.register(certificateRoutes(ctx))
    },
    { prefix: '/api' },
  )

  if (options.uploadsDir) {
    await mkdir(options.uploadsDir, { recursive: true })
    await registerUploads(app, options.uploadsDir)
  }
  const servePage = options.webDistDir ? await registerWebApp(app, options.webDistDir) : null
  if (servePage && options.webDistDir) {
    await app.register(certificatePageRoutes(ctx, options.webDistDir))
  }
  if (options.webDistDir && !servePage) {
    ctx.logger.info(
      `web app not built (no ${options.webDistDir}/index.html): serving the API only; run \`npm run build:web\` to serve it too`,
    )
  }

  app.setNotFoundHandler((request, reply) => {
    if (servePage && isPageRequest(request)) return servePage(request, reply)
    const path = request.url.split('?')[0] ?? '/'
    const details = [{ path: 'url', message: `No route for ${request.method} ${path}` }]
    return sendError(reply, new AppError('NOT_FOUND', { details }))
  })

  return app
}
