import { PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { usePersistedState } from '@/hooks/use-persisted-state'
import { cn } from '@/lib/utils'
import { CommunityLinks, NavList } from './nav-list'
import type { NavItem } from './navigation'

type SideNavProps = {
  label: string
  items: readonly NavItem[]
  hasCommunityLinks?: boolean
}

/** The desktop sidebar; collapsing it to icons is remembered on this device (spec 2.2). */
export function SideNav({ label, items, hasCommunityLinks = false }: SideNavProps) {
  const [isCollapsed, setIsCollapsed] = usePersistedState<boolean>('tp.sidebar-collapsed', false)

  return (
    <aside
      className={cn(
        'sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 flex-col border-r border-border bg-surface/60 transition-[width] lg:flex',
        isCollapsed ? 'w-16' : 'w-72',
      )}
    >
      <nav aria-label={label} className="flex-1 overflow-y-auto p-2">
        <NavList items={items} isCollapsed={isCollapsed} />
        {hasCommunityLinks ? (
          <div className="mt-4 border-t border-border pt-4">
            {!isCollapsed ? (
              <p className="px-3 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Community
              </p>
            ) : null}
            <CommunityLinks isCollapsed={isCollapsed} />
          </div>
        ) : null}
      </nav>
      <div className="border-t border-border p-2">
        <button
          type="button"
          onClick={() => setIsCollapsed(!isCollapsed)}
          aria-expanded={!isCollapsed}
          className={cn(
            'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-muted-foreground hover:bg-surface-2 hover:text-foreground',
            isCollapsed && 'justify-center px-0',
          )}
        >
          {isCollapsed ? (
            <PanelLeftOpen aria-hidden className="size-4" />
          ) : (
            <PanelLeftClose aria-hidden className="size-4" />
          )}
          <span className={cn(isCollapsed && 'sr-only')}>
            {isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          </span>
        </button>
      </div>
    </aside>
  )
}
