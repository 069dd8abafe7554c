import { lazy, Suspense, type ComponentType } from 'react'
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

// Signed out, the top bar needs no query cache: the account button (its avatar's address comes from
// the public config, a TanStack Query read) is given by the signed-in layouts, which load it
// anyway, and by the public pages' island only when a session is stored (decision 0051). A
// visitor who signs in in another tab while a public page is open gets it on demand.
const LazyAccountMenuButton = lazy(() =>
  import('./account-menu-button').then((m) => ({ default: m.AccountMenuButton })),
)

function AccountButtonOnDemand({ user }: { user: User }) {
  return (
    <Suspense fallback={<span className="inline-flex size-9 rounded-full bg-surface-3" />}>
      <LazyAccountMenuButton user={user} />
    </Suspense>
  )
}

/**
 * The top navigation of spec 2.2, shared by the public site and the trader and admin areas. In an
 * area (`isAreaWide`) it spans the sidebar and the page below it, the logo over the sidebar's
 * icons and the account menu over the page's right edge.
 */
export function TopNav({
  isAreaWide = false,
  AccountButton = AccountButtonOnDemand,
}: {
  isAreaWide?: boolean
  /** the signed-in user's avatar and menu (account-menu-button.tsx) */
  AccountButton?: ComponentType<{ user: User }>
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
            <AccountButton user={user} />
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
