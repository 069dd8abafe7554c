import { matchRoutes, type RouteObject } from 'react-router'

/**
 * Loads the code-split pages that match `location` and puts them in their routes, so a router
 * made from these routes starts initialised: hydrating a prerendered page then renders the page
 * itself at once (the HTML it was given), never the loading fallback that would replace it and
 * flash (decision 0025). Routes that do not match keep loading on first visit.
 */
export async function resolveLazyMatches(routes: RouteObject[], location: string): Promise<void> {
  const matches = matchRoutes(routes, location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, loaded)
      delete route.lazy
    }),
  )
}
