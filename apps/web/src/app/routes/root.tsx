import { useEffect } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { useMe } from '@/lib/auth'
import { RouterNavigation } from '@/lib/router-navigation'

/** Every page: scroll to the top or to the URL's #section (spec 2.1), keep the user current. */
export function Root() {
  useMe()
  useEffect(() => {
    // the page is live: a prerendered page's controls answer from now on (browser tests wait
    // for this before clicking what only works once hydrated)
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <RouterNavigation>
      <ScrollRestoration />
      <Outlet />
    </RouterNavigation>
  )
}
