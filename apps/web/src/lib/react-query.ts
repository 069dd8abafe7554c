import { QueryClient, type DefaultOptions } from '@tanstack/react-query'
import { ApiError } from './api-client'

/**
 * Retries once (spec 9.6), and only what a retry can fix: no response or a server error. A 4xx
 * answer will be the same the second time.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false
  if (error instanceof ApiError) return error.status === null || error.status >= 500
  return false
}

export const queryConfig = {
  queries: {
    staleTime: 30_000,
    retry: shouldRetry,
    refetchOnWindowFocus: false,
  },
  mutations: { retry: false },
} satisfies DefaultOptions

export function createQueryClient() {
  return new QueryClient({ defaultOptions: queryConfig })
}
