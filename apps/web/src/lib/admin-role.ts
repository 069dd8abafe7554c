import { canActAsAdmin } from './roles'
import { useUser } from './session'

/**
 * Whether the signed-in user may act in the admin area (decision 0036): true for an admin, false
 * for a support user, who sees every admin page with its write controls hidden. The role is the
 * one the API reported; the server refuses a support user's writes anyway (403).
 */
export function useCanAdminAct(): boolean {
  return canActAsAdmin(useUser())
}
