import type { Role } from '@tp/api'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../lib/errors'
import type { Caller } from './authenticate'

// What a role may do in the admin area (decision 0036), resolved from the role the database holds
// for the caller now (authenticate.ts), never from the token or the browser:
//
//   admin:read   every admin page and read: lists, details, the audit log, CSV exports
//   admin:write  every admin action (edits, disables, refunds, payouts, coupons, risk actions)
//
//   trader   nothing              support  admin:read              admin  admin:read, admin:write
//
// An admin route needs admin:read when it only reads (GET, HEAD) and admin:write otherwise; a
// route that reads through another method says so with `config: { adminCapability: 'admin:read' }`.

export type AdminCapability = 'admin:read' | 'admin:write'

const capabilitiesOf: Record<Role, readonly AdminCapability[]> = {
  trader: [],
  support: ['admin:read'],
  admin: ['admin:read', 'admin:write'],
}

export function hasCapability(role: Role, capability: AdminCapability): boolean {
  return capabilitiesOf[role].includes(capability)
}

/**
 * Refuses a caller without the capability: 403 ADMIN_ONLY to someone with no admin access at
 * all, 403 READ_ONLY_ROLE (with a message saying so) to a support user asked to change something.
 */
export function assertCapability(caller: Caller, capability: AdminCapability): void {
  if (hasCapability(caller.role, capability)) return
  if (hasCapability(caller.role, 'admin:read')) throw new AppError('READ_ONLY_ROLE')
  throw new AppError('ADMIN_ONLY')
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the capability an admin route needs when its method alone does not say it */
    adminCapability?: AdminCapability
  }
}

/** The capability an admin request needs: the route's own, else read for GET/HEAD, else write. */
export function capabilityOfRequest(request: FastifyRequest): AdminCapability {
  const configured = (
    request.routeOptions.config as { adminCapability?: AdminCapability } | undefined
  )?.adminCapability
  if (configured) return configured
  return request.method === 'GET' || request.method === 'HEAD' ? 'admin:read' : 'admin:write'
}
