import { errorBodySchema, paypalErrorSchema } from '@tp/api'
import { z } from 'zod'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The message of a 422 for this route when its body fails validation. */
    validationMessage?: string
  }
}

/**
 * Documents (OpenAPI) the error answers a route can give. Every AppError is sent with the app's
 * error body whatever a route declares (lib/error-handler.ts sendError), so these document only.
 */
export function errorResponses<S extends number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >
}

/**
 * The failures of the card payment calls: PayPal's refusal as the buttons read it
 * ({ code, message, details: [{ issue, description }], debug_id }), or the app's own error body
 * for the app's refusals (no billing profile, unknown coupon, invalid selection...).
 */
export const paypalOrAppErrorSchema = z.union([paypalErrorSchema, errorBodySchema])

/** Documents the statuses at which a card payment call may answer PayPal's refusal. */
export function paypalErrorResponses<S extends number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((status) => [status, paypalOrAppErrorSchema])) as Record<
    S,
    typeof paypalOrAppErrorSchema
  >
}

export const bearerAuth = [{ bearerAuth: [] }]
