import { lazy, Suspense, useState } from 'react'
import type { User } from '@tp/api/auth'
import { Avatar } from '@/components/ui/avatar'
import { useAvatarUrl } from '@/hooks/use-avatar-url'

// the account menu (a Radix dropdown, with its focus, dismiss and positioning parts) is fetched
// when a signed-in user reaches for it, not with every signed-in page (decision 0041)
const loadAccountMenu = () => import('./account-menu')
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })))

const avatarButtonClass =
  'rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

/**
 * The avatar that opens the account menu. Until first used it is a plain button (the menu's code
 * starts loading when the pointer or focus reaches it); its click mounts the menu open, which from
 * then on is the menu's own trigger.
 */
export function AccountMenuButton({ user }: { user: User }) {
  const [isWanted, setIsWanted] = useState(false)
  const src = useAvatarUrl(user.picture)
  const avatar = <Avatar src={src} name={user.name || user.email} />
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
