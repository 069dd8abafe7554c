import {
  createContext,
  useContext,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type Ref,
} from 'react'
import { cn } from './utils'

// Links and navigation that work in both halves of the web app (decision 0029): inside the
// signed-in app (React Router) they navigate on the client, through the router the root hands in
// as ClientNavigationContext; in an island of a prerendered public page (react-dom alone, no
// router) they are plain links, each click a full page load of another prerendered page or of the
// app. Components that may run in an island use these instead of React Router's.

export type ClientNavigation = {
  pathname: string
  hash: string
  navigate: (href: string, options?: { replace?: boolean }) => void
}

/** Set by the app's root (app/routes/root.tsx) from React Router; absent in an island. */
export const ClientNavigationContext = createContext<ClientNavigation | null>(null)

const isBrowser = typeof window !== 'undefined'

function subscribeToLocation(onChange: () => void) {
  window.addEventListener('popstate', onChange)
  window.addEventListener('hashchange', onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener('hashchange', onChange)
  }
}

/** '/faq/' -> '/faq' (the root stays '/'), decoded as React Router gives it. */
function pathOf(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  try {
    return decodeURI(trimmed)
  } catch {
    return trimmed
  }
}

const windowPathname = () => (isBrowser ? pathOf(window.location.pathname) : '/')
const windowHash = () => (isBrowser ? window.location.hash : '')
// the prerendered HTML was made for this same path, and without a hash
const noHash = () => ''

/** The current path: the router's in the app, the page's own in an island. */
export function usePathname(): string {
  const navigation = useContext(ClientNavigationContext)
  const own = useSyncExternalStore(subscribeToLocation, windowPathname, windowPathname)
  return navigation ? navigation.pathname : own
}

/** The URL's hash ('#faq' or ''): '' while hydrating, as the prerendered page knew none. */
export function useHash(): string {
  const navigation = useContext(ClientNavigationContext)
  const own = useSyncExternalStore(subscribeToLocation, windowHash, noHash)
  return navigation ? navigation.hash : own
}

/** Goes to `href`: on the client in the app, as a page load in an island. */
export function useAppNavigate(): (href: string, options?: { replace?: boolean }) => void {
  const navigation = useContext(ClientNavigationContext)
  if (navigation) return navigation.navigate
  return (href, options) => {
    if (options?.replace) window.location.replace(href)
    else window.location.assign(href)
  }
}

/** A click the browser should handle itself (new tab, download, another target). */
const isOwnedByBrowser = (event: MouseEvent<HTMLAnchorElement>) =>
  event.defaultPrevented ||
  event.button !== 0 ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey ||
  (event.currentTarget.target !== '' && event.currentTarget.target !== '_self')

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string
  replace?: boolean
  ref?: Ref<HTMLAnchorElement>
}

/** An `<a href>`: navigates on the client inside the app, loads the page in an island. */
export function AppLink({ to, replace, onClick, ...anchor }: AppLinkProps) {
  const navigation = useContext(ClientNavigationContext)
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event)
        if (!navigation || isOwnedByBrowser(event)) return
        event.preventDefault()
        navigation.navigate(to, { replace })
      }}
    />
  )
}

/** Whether `to` is the current page (`end`: exactly, else it or a page under it). */
export function isActivePath(pathname: string, to: string, end: boolean): boolean {
  const target = pathOf(to.replace(/[?#].*$/, ''))
  if (pathname === target) return true
  return !end && target !== '/' && pathname.startsWith(`${target}/`)
}

type AppNavLinkProps = Omit<AppLinkProps, 'className'> & {
  end?: boolean
  className?: string | ((state: { isActive: boolean }) => string)
}

/** AppLink that knows whether it is the current page (aria-current, an active class). */
export function AppNavLink({ to, end = false, className, ...link }: AppNavLinkProps) {
  const isActive = isActivePath(usePathname(), to, end)
  return (
    <AppLink
      {...link}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={cn(typeof className === 'function' ? className({ isActive }) : className)}
    />
  )
}
