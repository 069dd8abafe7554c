import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { useUser } from '@/lib/session'
import { landingSectionIds } from '../sections'
import { scrollToSection } from '../utils/scroll-to-section'

/**
 * START CHALLENGE of spec 2.3: a signed-in trader who owns at least one trading account goes to
 * the dashboard; everyone else (visitors, traders without an account, or when the list cannot be
 * read) is taken to the account chooser. The accounts list (and its code) is only fetched for a
 * signed-in trader, on the click, from the same cache the dashboard uses.
 */
export function useStartChallenge() {
  const user = useUser()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [isDeciding, setIsDeciding] = useState(false)

  const start = useCallback(async () => {
    if (user && user.role !== 'admin') {
      setIsDeciding(true)
      try {
        const { tradingAccountsQueryOptions } = await import('@/lib/trading-accounts')
        const accounts = await queryClient.fetchQuery({
          ...tradingAccountsQueryOptions(),
          staleTime: 30_000,
        })
        if (accounts.length > 0) {
          void navigate(paths.user.dashboard.getHref())
          return
        }
      } catch {
        // the list could not be read: the chooser is still the way to start
      } finally {
        setIsDeciding(false)
      }
    }
    scrollToSection(landingSectionIds.chooser)
  }, [navigate, queryClient, user])

  return { start, isDeciding }
}
