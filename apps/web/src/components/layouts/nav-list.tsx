import { ExternalLink as ExternalLinkIcon } from 'lucide-react'
import { ExternalLink } from '@/components/external-link'
import { Badge } from '@/components/ui/badge'
import { AppNavLink } from '@/lib/navigation'
import { cn } from '@/lib/utils'
import { communityNavItems, type NavItem } from './navigation'

type NavListProps = {
  items: readonly NavItem[]
  /** Icons only, names kept for assistive technology and as tooltips. */
  isCollapsed?: boolean
  onNavigate?: () => void
}

const itemClasses =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-surface-2 hover:text-foreground [&_svg]:size-4 [&_svg]:shrink-0'

export function NavList({ items, isCollapsed = false, onNavigate }: NavListProps) {
  return (
    <ul className="grid grid-cols-1 gap-0.5">
      {items.map((item) => (
        <li key={item.href}>
          <AppNavLink
            to={item.href}
            end
            onClick={onNavigate}
            title={isCollapsed ? item.label : undefined}
            className={({ isActive }) =>
              cn(
                itemClasses,
                isCollapsed && 'justify-center px-0',
                isActive && 'bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary',
              )
            }
          >
            <item.icon aria-hidden />
            <span className={cn('min-w-0 flex-1 truncate', isCollapsed && 'sr-only')}>
              {item.label}
            </span>
            {item.isComingSoon && !isCollapsed ? (
              <Badge variant="neutral" className="px-1.5 text-[10px]">
                Coming Soon
              </Badge>
            ) : null}
          </AppNavLink>
        </li>
      ))}
    </ul>
  )
}

export function CommunityLinks({ isCollapsed = false }: { isCollapsed?: boolean }) {
  return (
    <ul className="grid grid-cols-1 gap-0.5">
      {communityNavItems.map((link) => (
        <li key={link.href}>
          <ExternalLink
            href={link.href}
            title={isCollapsed ? link.label : undefined}
            className={cn(itemClasses, isCollapsed && 'justify-center px-0')}
          >
            <ExternalLinkIcon aria-hidden />
            <span className={cn('min-w-0 flex-1 truncate', isCollapsed && 'sr-only')}>
              {link.label}
            </span>
          </ExternalLink>
        </li>
      ))}
    </ul>
  )
}
