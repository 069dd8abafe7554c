import { useCallback, useState } from 'react'
import { paths } from '@/config/paths'
import { useAppNavigate } from '@/lib/navigation'
import { useUser } from '@/lib/session'
import { landingSectionIds } from '../sections'
import { scrollToSection } from '../utils/scroll-to-section'

/**
 * START CHALLENGE of spec 2.3: a signed-in trader who owns at least one trading account goes to
 * the dashboard; everyone else (visitors, traders without an account, or when the list cannot be
 * read) is taken to the account chooser. The accounts list (and its code) is only fetched for a
 * signed-in trader, on the click: the button is an island of the prerendered page (decision
 * 0029), so it asks the API itself rather than through the app's query cache.
 */
export function useStartChallenge() {
  const user = useUser()
  const navigate = useAppNavigate()
  const [isDeciding, setIsDeciding] = useState(false)

  const start = useCallback(async () => {
    if (user && user.role !== 'admin') {
      setIsDeciding(true)
      try {
        const { getTradingAccounts } = await import('@/lib/trading-accounts')
        const accounts = await getTradingAccounts()
        if (accounts.length > 0) {
          navigate(paths.user.dashboard.getHref())
          return
        }
      } catch {
        // the list could not be read: the chooser is still the way to start
      } finally {
        setIsDeciding(false)
      }
    }
    scrollToSection(landingSectionIds.chooser)
  }, [navigate, user])

  return { start, isDeciding }
}
