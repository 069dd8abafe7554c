import type { User } from '@tp/api/auth'
import { Logo } from '@/components/logo'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet'
import { hasAdminArea } from '@/lib/roles'
import { AppNavLink } from '@/lib/navigation'
import { usePublicConfig } from '@/lib/public-config'
import { cn } from '@/lib/utils'
import { CommunityLinks, NavList } from './nav-list'
import { adminNavItems, traderNavItems } from './navigation'

/** The admin menu; the public config (and its query) is read for the signed-in admin only. */
function AdminNavList({ onNavigate }: { onNavigate: () => void }) {
  const config = usePublicConfig()
  const items = adminNavItems({ hasDevMailbox: config.data?.devMailbox ?? false })
  return <NavList items={items} onNavigate={onNavigate} />
}

export type SiteLink = { label: string; href: string; onClick?: () => void }

/**
 * The drawer of small screens: the site links and, for a trader, the trader menu of spec 2.2.
 * Admins get their admin menu here instead of the trader drawer. Loaded on the first tap of the
 * menu button (./mobile-menu.tsx), so pages do not ship the dialog code up front.
 */
export default function MobileMenuSheet({
  user,
  siteLinks,
  isOpen,
  setIsOpen,
}: {
  user: User | null
  siteLinks: SiteLink[]
  isOpen: boolean
  setIsOpen: (isOpen: boolean) => void
}) {
  const close = () => setIsOpen(false)

  return (
    <Sheet open={isOpen} onOpenChange={setIsOpen}>
      <SheetContent side="left">
        <SheetTitle className="pr-8">
          <Logo />
        </SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Site" className="grid gap-0.5">
          {siteLinks.map((link) => (
            <AppNavLink
              key={link.label}
              to={link.href}
              end
              onClick={() => {
                link.onClick?.()
                close()
              }}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-surface-2 hover:text-foreground',
                  isActive && 'text-primary',
                )
              }
            >
              {link.label}
            </AppNavLink>
          ))}
        </nav>
        {user ? (
          <nav
            aria-label={hasAdminArea(user) ? 'Admin menu' : 'Trader menu'}
            className="border-t border-border pt-4"
          >
            {hasAdminArea(user) ? (
              <AdminNavList onNavigate={close} />
            ) : (
              <NavList items={traderNavItems} onNavigate={close} />
            )}
            {!hasAdminArea(user) ? (
              <div className="mt-4 border-t border-border pt-4">
                <p className="px-3 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  Community
                </p>
                <CommunityLinks />
              </div>
            ) : null}
          </nav>
        ) : null}
      </SheetContent>
    </Sheet>
  )
}
