import { lazy, Suspense, useState, type ComponentType } from 'react'
import type { User } from '@tp/api/auth'
import { Logo } from '@/components/logo'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { hasAdminArea } from '@/lib/roles'
import { AppLink, AppNavLink } from '@/lib/navigation'
import { notify } from '@/lib/notify'
import { useUser } from '@/lib/session'
import { cn } from '@/lib/utils'
import { MobileMenu } from './mobile-menu'
import { siteNavItems } from './site-nav-items'

// the account menu (a Radix dropdown, with its focus, dismiss and positioning parts) is fetched
// when a signed-in user reaches for it, not with every signed-in page (decision 0041)
const loadAccountMenu = () => import('./account-menu')
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })))

// Signed out, the top bar needs no query cache: the avatar (user-avatar.tsx, its address a query
// of the public config) is given by the signed-in layouts, which load the cache anyway, and by the
// public pages' island only when a session is stored (decision 0051). A visitor who signs in from
// another tab while a public page is open gets it on demand.
const LazyUserAvatar = lazy(() => import('./user-avatar').then((m) => ({ default: m.UserAvatar })))

function UserAvatarOnDemand({ user }: { user: User }) {
  return (
    <Suspense fallback={<span className="inline-flex size-9 rounded-full bg-surface-3" />}>
      <LazyUserAvatar user={user} />
    </Suspense>
  )
}

type UserAvatarComponent = ComponentType<{ user: User }>

const avatarButtonClass =
  'rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

/**
 * The avatar that opens the account menu. Until first used it is a plain button (the menu's code
 * starts loading when the pointer or focus reaches it); its click mounts the menu open, which from
 * then on is the menu's own trigger.
 */
function AccountMenuButton({ user, Avatar }: { user: User; Avatar: UserAvatarComponent }) {
  const [isWanted, setIsWanted] = useState(false)
  const avatar = <Avatar user={user} />
  if (isWanted) {
    return (
      <Suspense fallback={<span className={avatarButtonClass}>{avatar}</span>}>
        <AccountMenu user={user} defaultOpen />
      </Suspense>
    )
  }
  return (
    <button
      type="button"
      aria-label="Account menu"
      aria-haspopup="menu"
      aria-expanded={false}
      className={avatarButtonClass}
      onPointerEnter={() => void loadAccountMenu()}
      onFocus={() => void loadAccountMenu()}
      onClick={() => setIsWanted(true)}
    >
      {avatar}
    </button>
  )
}

/**
 * The top navigation of spec 2.2, shared by the public site and the trader and admin areas. In an
 * area (`isAreaWide`) it spans the sidebar and the page below it, the logo over the sidebar's
 * icons and the account menu over the page's right edge.
 */
export function TopNav({
  isAreaWide = false,
  UserAvatar = UserAvatarOnDemand,
}: {
  isAreaWide?: boolean
  /** the signed-in user's picture (user-avatar.tsx) */
  UserAvatar?: UserAvatarComponent
}) {
  const user = useUser()

  // Dashboard leads to the visitor's own area; signed out, it asks to sign in first (spec 2.2).
  const siteLinks = siteNavItems.map((item) => {
    if (item.href !== null) return { label: item.label, href: item.href }
    if (!user) {
      return {
        label: item.label,
        href: paths.auth.login.getHref(),
        // the messages load with the click that needs one, not with every public page
        onClick: () =>
          void import('@tp/api/auth-messages').then(({ authMessages }) =>
            notify('warning', authMessages.loginFirst),
          ),
      }
    }
    return {
      label: item.label,
      href: hasAdminArea(user) ? paths.admin.root.getHref() : paths.user.root.getHref(),
    }
  })

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div
        className={cn(
          'mx-auto flex h-16 items-center gap-2 px-3 sm:px-6',
          isAreaWide ? 'max-w-[100rem] lg:pr-8 lg:pl-5' : 'max-w-7xl',
        )}
      >
        <MobileMenu user={user} siteLinks={siteLinks} />
        <AppLink to={paths.home.getHref()} aria-label="Tradepeak home" className="rounded-md">
          <Logo />
        </AppLink>

        <nav aria-label="Main" className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {siteLinks.map((link) => (
              <li key={link.label}>
                <AppNavLink
                  to={link.href}
                  end={link.href === paths.home.getHref()}
                  onClick={link.onClick}
                  className={({ isActive }) =>
                    cn(
                      'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
                      isActive && 'text-primary hover:text-primary',
                    )
                  }
                >
                  {link.label}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <AccountMenuButton user={user} Avatar={UserAvatar} />
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" className="sm:h-10 sm:px-4 sm:text-sm">
                <AppLink to={paths.auth.login.getHref()}>Login</AppLink>
              </Button>
              <Button asChild size="sm" className="sm:h-10 sm:px-4 sm:text-sm">
                <AppLink to={paths.auth.signup.getHref()}>Register</AppLink>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  )
}
