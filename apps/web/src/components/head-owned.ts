import { createContext, useContext } from 'react'

/**
 * True under a page whose head (title, description, canonical) PageHead already renders: the
 * page's own DocumentTitle then stays silent, so the document has exactly one <title>. Apart from
 * PageHead so that the public pages' islands (decision 0029) do not load the list of pages.
 */
export const HeadOwnedContext = createContext(false)

export function useIsHeadOwned(): boolean {
  return useContext(HeadOwnedContext)
}
