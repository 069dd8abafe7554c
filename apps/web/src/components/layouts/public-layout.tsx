import type { ReactNode } from 'react'
import { Outlet, useLocation } from 'react-router'
import { Island } from '@/components/island'
import { HeadOwnedContext, PageHead } from '@/components/page-head'
import { publicPageFor } from '@/config/public-pages'
import { UserAvatar } from './user-avatar'
import { Footer } from './footer'
import { SkipLink } from './skip-link'
import { TopNav } from './top-nav'

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
        <TopNav UserAvatar={UserAvatar} />
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
