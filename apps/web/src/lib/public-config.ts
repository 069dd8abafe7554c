import { useQuery } from '@tanstack/react-query'
import type { PublicConfig } from '@tp/api/public-config'
import { api, serverSent } from './api-client'

/** GET /api/config: deployment facts the browser may know (never a secret). */
export const publicConfigQueryKey = ['public-config'] as const

export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: async ({ signal }): Promise<PublicConfig> => {
      // as the server sent it (decision 0041): the signed-in shell's avatar asks on every page
      return api.get('/config', serverSent<PublicConfig>(), { signal, authenticated: false })
    },
    // it only changes with a deployment
    staleTime: Infinity,
  })
}
