import type { ReactNode } from 'react'
import { Link, Outlet } from 'react-router'
import { Logo } from '@/components/logo'
import { paths } from '@/config/paths'
import { usePublicConfig } from '@/lib/public-config'
import { UserAvatar } from './user-avatar'
import { adminNavItems, traderNavItems } from './navigation'
import { SideNav } from './side-nav'
import { SkipLink } from './skip-link'
import { TopNav } from './top-nav'

// The signed-in areas' and stand-alone pages' layouts. The public site's (public-layout.tsx) is
// apart: the signed-in app loads it only when it shows a public page (decision 0041).

function AreaLayout({ sideNav }: { sideNav: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopNav isAreaWide UserAvatar={UserAvatar} />
      <div className="mx-auto flex w-full max-w-[100rem] flex-1">
        {sideNav}
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  )
}

/** Trader area (/user): top nav and the trader sidebar (a drawer on small screens). */
export function UserLayout() {
  return (
    <AreaLayout
      sideNav={<SideNav label="Trader menu" items={traderNavItems} hasCommunityLinks />}
    />
  )
}

/** Admin area (/admin): top nav and the admin sidebar. */
export function AdminLayout() {
  const config = usePublicConfig()
  const items = adminNavItems({ hasDevMailbox: config.data?.devMailbox ?? false })
  return <AreaLayout sideNav={<SideNav label="Admin menu" items={items} />} />
}

/** Stand-alone pages (sign-in, reset, profile, payment result): the logo and the page only. */
export function StandaloneLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="mx-auto flex h-16 w-full max-w-7xl items-center px-4 sm:px-6">
        <Link to={paths.home.getHref()} aria-label="Tradepeak home" className="rounded-md">
          <Logo />
        </Link>
      </header>
      <main id="main" className="flex flex-1 flex-col px-4 pb-12 sm:px-6">
        <Outlet />
      </main>
    </div>
  )
}
