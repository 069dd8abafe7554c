import { useCallback } from 'react'
import type { OrderSelection } from '@tp/domain'
import { paths } from '@/config/paths'
import { useAppNavigate } from '@/lib/navigation'
import { notify } from '@/lib/notify'
import { useUser } from '@/lib/session'

/**
 * Create / START of spec 2.3: the selection is stored (spec 3 keys and app state), then checkout
 * opens for a signed-in user; a visitor is told to sign in first and sent to the sign-in page,
 * which continues to checkout afterwards (decision 0010). The store's code and the message load
 * with the click: the pricing page and the chooser are islands of prerendered pages (0029).
 */
export function useStartChallenge() {
  const user = useUser()
  const navigate = useAppNavigate()
  return useCallback(
    (selection: OrderSelection) => {
      void Promise.all([
        import('./use-checkout-selection'),
        import('@tp/domain/pricing'),
        import('@tp/api/messages'),
      ]).then(([{ saveCheckoutSelection }, { noAddOnToggles }, { messages }]) => {
        saveCheckoutSelection({ ...selection, addOns: noAddOnToggles })
        if (user?.email) {
          navigate(paths.checkout.getFunded.getHref())
          return
        }
        notify('warning', messages.auth.loginFirstToTrade)
        navigate(paths.auth.login.getHref())
      })
    },
    [navigate, user],
  )
}
