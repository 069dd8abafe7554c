import { useCallback } from 'react'
import { toast } from 'sonner'
import { messages } from '@tp/api'
import { noAddOnToggles, type OrderSelection } from '@tp/domain'
import { paths } from '@/config/paths'
import { useAppNavigate } from '@/lib/navigation'
import { useUser } from '@/lib/session'
import { saveCheckoutSelection } from './use-checkout-selection'

/**
 * Create / START of spec 2.3: the selection is stored (spec 3 keys and app state), then checkout
 * opens for a signed-in user; a visitor is told to sign in first and sent to the sign-in page,
 * which continues to checkout afterwards (decision 0010).
 */
export function useStartChallenge() {
  const user = useUser()
  const navigate = useAppNavigate()
  return useCallback(
    (selection: OrderSelection) => {
      saveCheckoutSelection({ ...selection, addOns: noAddOnToggles })
      if (user?.email) {
        navigate(paths.checkout.getFunded.getHref())
        return
      }
      toast.warning(messages.auth.loginFirstToTrade)
      navigate(paths.auth.login.getHref())
    },
    [navigate, user],
  )
}
