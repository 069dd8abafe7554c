import { Outlet, ScrollRestoration } from 'react-router'
import { useMe } from '@/lib/auth'

/** Every page: scroll to the top or to the URL's #section (spec 2.1), keep the user current. */
export function Root() {
  useMe()
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  )
}
