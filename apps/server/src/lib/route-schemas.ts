import { errorBodySchema } from '@tp/api'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The message of a 422 for this route when its body fails validation. */
    validationMessage?: string
  }
}

/** Documents (OpenAPI) and serializes the error answers a route can give. */
export function errorResponses<S extends number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >
}

export const bearerAuth = [{ bearerAuth: [] }]
