import { useQuery } from '@tanstack/react-query'
import { publicConfigSchema, type PublicConfig } from '@tp/api/public-config'
import { api } from './api-client'

/** GET /api/config: deployment facts the browser may know (never a secret). */
export const publicConfigQueryKey = ['public-config'] as const

export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }): Promise<PublicConfig> =>
      api.get('/config', publicConfigSchema, { signal, authenticated: false }),
    // it only changes with a deployment
    staleTime: Infinity,
  })
}
