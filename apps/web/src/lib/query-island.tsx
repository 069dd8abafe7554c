import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import { useContext, type ReactNode } from 'react'
import { createQueryClient } from './react-query'

// One query cache for the islands of a prerendered page (decision 0029): an island whose code
// needs TanStack Query (a form, the account chooser, the account menu) is wrapped in this, which
// is loaded with that code and not before. Inside the app, which has its cache, it adds nothing.

let islandClient: ReturnType<typeof createQueryClient> | undefined

export default function QueryIsland({ children }: { children: ReactNode }) {
  const appClient = useContext(QueryClientContext)
  if (appClient) return children
  islandClient ??= createQueryClient()
  return <QueryClientProvider client={islandClient}>{children}</QueryClientProvider>
}
