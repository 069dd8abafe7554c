import { useMemo, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { ClientNavigationContext, type ClientNavigation } from './navigation'

/**
 * Hands React Router's location and navigation to AppLink and friends (./navigation.tsx), so
 * inside the app they navigate on the client. The app's root renders it; tests that render a
 * component under a router do too.
 */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  const { pathname, hash } = useLocation()
  const value = useMemo<ClientNavigation>(
    () => ({ pathname, hash, navigate: (href, options) => void navigate(href, options) }),
    [hash, navigate, pathname],
  )
  return <ClientNavigationContext value={value}>{children}</ClientNavigationContext>
}
