import type { ReactNode } from 'react'
import { Link, Outlet, useLocation } from 'react-router'
import { Island } from '@/components/island'
import { Logo } from '@/components/logo'
import { HeadOwnedContext, PageHead } from '@/components/page-head'
import { paths } from '@/config/paths'
import { publicPageFor } from '@/config/public-pages'
import { usePublicConfig } from '@/lib/public-config'
import { Footer } from './footer'
import { adminNavItems, traderNavItems } from './navigation'
import { SideNav } from './side-nav'
import { TopNav } from './top-nav'

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  )
}

/**
 * Public site: top nav, page, footer. A page of the public list (config/public-pages.ts) gets its
 * head from there: title, description, canonical URL and sharing tags (decision 0025).
 */
export function PublicLayout({ footerNewsletter }: { footerNewsletter?: ReactNode }) {
  const { pathname } = useLocation()
  const page = publicPageFor(pathname)
  return (
    <div className="flex min-h-dvh flex-col">
      {page ? <PageHead page={page} /> : null}
      <SkipLink />
      <Island name="top-nav">
        <TopNav />
      </Island>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <HeadOwnedContext value={page !== undefined}>
          <Outlet />
        </HeadOwnedContext>
      </main>
      <Footer newsletter={footerNewsletter} />
    </div>
  )
}

function AreaLayout({ sideNav }: { sideNav: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopNav isAreaWide />
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
