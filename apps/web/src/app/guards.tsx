import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { authMessages } from '@tp/api/auth-messages'
import { paths } from '@/config/paths'
import { hasAdminArea } from '@/lib/roles'
import { notify } from '@/lib/notify'
import { getLastEndReason, useUser } from '@/lib/session'

// Route guards (spec 2.1, 6; decision 0010). They only decide what the browser shows: the server
// checks every call on its own.

/** Sign-in, remembering this page, unless the user just signed out of it on purpose. */
function useLoginRedirect() {
  const location = useLocation()
  if (getLastEndReason() === 'signed-out') return paths.auth.login.getHref()
  return paths.auth.login.getHref(`${location.pathname}${location.search}${location.hash}`)
}

function RedirectWithMessage({ to, message }: { to: string; message: string }) {
  useEffect(() => {
    notify('error', message, { id: message })
  }, [message])
  return <Navigate to={to} replace />
}

/** Any signed-in user (profile settings). */
export function RequireSignedIn() {
  const user = useUser()
  const loginRedirect = useLoginRedirect()
  if (!user) return <Navigate to={loginRedirect} replace />
  return <Outlet />
}

/** The trader area: visitors sign in first, admins and support belong in the admin area. */
export function RequireTrader() {
  const user = useUser()
  const loginRedirect = useLoginRedirect()
  if (!user) return <Navigate to={loginRedirect} replace />
  if (hasAdminArea(user)) return <Navigate to={paths.admin.root.getHref()} replace />
  return <Outlet />
}

/** The admin area (admins, and support read-only): visitors sign in first, traders are turned away. */
export function RequireAdmin() {
  const user = useUser()
  const loginRedirect = useLoginRedirect()
  if (!user) return <Navigate to={loginRedirect} replace />
  if (!hasAdminArea(user)) {
    return <RedirectWithMessage to={paths.home.getHref()} message={authMessages.adminOnly} />
  }
  return <Outlet />
}
