import { useQuery } from '@tanstack/react-query'
import type { PublicConfig } from '@tp/api/public-config'
import { api } from './api-client'

/** GET /api/config: deployment facts the browser may know (never a secret). */
export const publicConfigQueryKey = ['public-config'] as const

export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: async ({ signal }): Promise<PublicConfig> => {
      // the schema (and zod) load with the first page that asks, not with every page
      const { publicConfigSchema } = await import('@tp/api/public-config')
      return api.get('/config', publicConfigSchema, { signal, authenticated: false })
    },
    // it only changes with a deployment
    staleTime: Infinity,
  })
}
