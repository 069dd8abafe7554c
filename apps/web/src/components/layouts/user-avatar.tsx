import type { User } from '@tp/api/auth'
import { Avatar } from '@/components/ui/avatar'
import { useAvatarUrl } from '@/hooks/use-avatar-url'

/**
 * The signed-in user's picture in the top bar (at the deployment's avatar address, read from the
 * public config with TanStack Query), or their initial. A module of its own so that a signed-out
 * visitor's top bar loads no query cache (decision 0051).
 */
export function UserAvatar({ user }: { user: User }) {
  const src = useAvatarUrl(user.picture)
  return <Avatar src={src} name={user.name || user.email} />
}
