import type { ComponentType } from 'react'
import { TopNav } from '@/components/layouts/top-nav'
import { getSession } from '@/lib/session'

/**
 * The public pages' top navigation. A signed-out visitor's loads no avatar code (its address is a
 * TanStack Query read of the public config: ~11 KB gzip the landing page does without); a stored
 * session loads it with the bar, so the avatar is there from the first render.
 */
export async function loadTopNavIsland(): Promise<ComponentType<Record<string, unknown>>> {
  if (getSession() === null) return TopNav
  const { UserAvatar } = await import('@/components/layouts/user-avatar')
  return function SignedInTopNav() {
    return <TopNav UserAvatar={UserAvatar} />
  }
}
