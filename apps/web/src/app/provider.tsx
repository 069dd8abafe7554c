import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { authMessages } from '@tp/api/auth-messages'
import { DeferredToaster } from '@/components/deferred-toaster'
import { notify } from '@/lib/notify'
import { createQueryClient } from '@/lib/react-query'
import { onSessionEnd } from '@/lib/session'

/** What a session ending behind the user's back means for the page: say so, forget their data. */
function SessionEndEffects({ queryClient }: { queryClient: QueryClient }) {
  useEffect(
    () =>
      onSessionEnd((reason) => {
        if (reason !== 'expired') return
        queryClient.clear()
        notify('info', authMessages.sessionExpired, { id: 'session-expired' })
      }),
    [queryClient],
  )
  return null
}

export function AppProvider({
  children,
  queryClient: givenClient,
}: {
  children: ReactNode
  queryClient?: QueryClient
}) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient())
  return (
    <QueryClientProvider client={queryClient}>
      <SessionEndEffects queryClient={queryClient} />
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  )
}
