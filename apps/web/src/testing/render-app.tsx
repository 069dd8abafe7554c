import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { storageKeys, type User } from '@tp/api'
import { AppProvider } from '@/app/provider'
import { createRoutes } from '@/app/router'
import { createQueryClient } from '@/lib/react-query'
import { reloadSession } from '@/lib/session'

export const storedTokens = { token: 'access-1', refreshToken: 'refresh-1' }

/** Puts a signed-in session in storage, as a previous sign-in would have left it. */
export function signInAs(user: User, tokens = storedTokens) {
  window.localStorage.setItem(storageKeys.token, tokens.token)
  window.localStorage.setItem(storageKeys.refreshToken, tokens.refreshToken)
  window.localStorage.setItem(storageKeys.user, JSON.stringify(user))
  reloadSession()
}

/** Renders the whole app (providers, routes, guards, layouts) at a URL. */
export function renderApp(url: string, options: { user?: User } = {}) {
  if (options.user) signInAs(options.user)
  const router = createMemoryRouter(createRoutes(), { initialEntries: [url] })
  const queryClient = createQueryClient()
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return {
    ...utils,
    router,
    queryClient,
    user: userEvent.setup({ delay: null }),
    /** The current path with its query, e.g. '/login?redirectTo=%2Fuser'. */
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  }
}
