import { LayoutDashboard, LogOut, UserRound } from 'lucide-react'
import type { User } from '@tp/api/auth'
import { Avatar } from '@/components/ui/avatar'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { paths } from '@/config/paths'
import { useAvatarUrl } from '@/hooks/use-avatar-url'
import { useSignOut } from '@/lib/auth'
import { hasAdminArea } from '@/lib/roles'
import { AppLink } from '@/lib/navigation'

/** The avatar menu of spec 2.2: email, Profile, Admin Dashboard (admins), Sign Out. */
export function AccountMenu({ user, defaultOpen = false }: { user: User; defaultOpen?: boolean }) {
  const signOut = useSignOut()
  const src = useAvatarUrl(user.picture)

  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Avatar src={src} name={user.name || user.email} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel title={user.email}>{user.email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <AppLink to={paths.profileSettings.getHref()}>
            <UserRound aria-hidden />
            Profile
          </AppLink>
        </DropdownMenuItem>
        {hasAdminArea(user) ? (
          <DropdownMenuItem asChild>
            <AppLink to={paths.admin.root.getHref()}>
              <LayoutDashboard aria-hidden />
              Admin Dashboard
            </AppLink>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
