import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { messages } from '@tp/api'
import { AppError, type ErrorDetail } from './errors'

// Every failure leaves the API as { code, message, details? } with one status per code.
// Deliberate refusals (AppError) are logged briefly; the framework's own client errors are
// translated; anything else is a 500 whose detail stays in the log.

type ValidationIssue = { instancePath: string; message?: string }

function validationDetails(issues: ValidationIssue[], context: string | undefined): ErrorDetail[] {
  return issues.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.')
    return {
      path: path || (context ?? 'body'),
      message: issue.message ?? messages.validation.invalidRequest,
    }
  })
}

/** The framework's client errors (4xx with an FST_ code), as our error codes. */
function translateFrameworkError(error: FastifyError): AppError | null {
  const status = error.statusCode ?? 500
  if (status >= 500) return null
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('MALFORMED_JSON', { cause: error })
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', { cause: error })
    case 'FST_ERR_BAD_URL':
      return new AppError('BAD_REQUEST', { message: messages.http.badUrl, cause: error })
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('BAD_REQUEST', { message: messages.http.urlPartTooLong, cause: error })
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', { cause: error })
  }
  if (error instanceof SyntaxError) return new AppError('MALFORMED_JSON', { cause: error })
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', { cause: error })
  if (status === 404) return new AppError('NOT_FOUND', { cause: error })
  return new AppError('BAD_REQUEST', { cause: error })
}

/**
 * Answers an AppError with the app's error body. The body is serialised here, not by the route's
 * response schema: a route may declare another shape for a status (PayPal's refusals on the card
 * payment calls), and a body that does not match it would turn the refusal into a 500
 * FST_ERR_RESPONSE_SERIALIZATION. The route's declared error schemas document; they never decide.
 */
export function sendError(reply: FastifyReply, error: AppError) {
  if (error.retryAfterSeconds !== undefined) {
    reply.header('Retry-After', String(error.retryAfterSeconds))
  }
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(error.toBody()))
}

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route or error handler
 * runs (a malformed percent-escape in the path, a path parameter longer than maxParamLength),
 * answered with the app's error body instead of Fastify's own.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const translated = translateFrameworkError(error)
  if (translated) {
    request.log.info({ err: error }, 'client error')
    return sendError(reply, translated)
  }
  request.log.error({ err: error }, 'unhandled error')
  return sendError(reply, new AppError('INTERNAL'))
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      request.log.info({ code: error.code, status: error.status }, error.message)
      return sendError(reply, error)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error.validation, error.validationContext)
      const message =
        request.routeOptions.config?.validationMessage ??
        details[0]?.message ??
        messages.validation.invalidRequest
      request.log.info({ details }, 'request validation failed')
      return sendError(reply, new AppError('VALIDATION_FAILED', { message, details }))
    }
    const translated = translateFrameworkError(error)
    if (translated) {
      request.log.info({ err: error }, 'client error')
      return sendError(reply, translated)
    }
    request.log.error({ err: error }, 'unhandled error')
    return sendError(reply, new AppError('INTERNAL'))
  })
}
