import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'
import { messages, type Session } from '@tp/api'
import { hasStoredCheckoutSelection } from '@/lib/checkout-selection'
import { saveSession } from '@/lib/session'
import { postSignInPath } from '../utils/post-sign-in-path'

/** After any sign-in (password or Google): store the session, greet, and move on (spec 4). */
export function useCompleteSignIn() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [searchParams] = useSearchParams()
  const redirectTo = searchParams.get('redirectTo')

  return useCallback(
    async (session: Session) => {
      // nothing cached for a previous account may show to this one
      queryClient.clear()
      saveSession(session)
      toast.success(messages.auth.loginSuccess)
      await navigate(
        postSignInPath(session.user.role, {
          redirectTo,
          hasCheckoutSelection: hasStoredCheckoutSelection(),
        }),
        { replace: true },
      )
    },
    [navigate, queryClient, redirectTo],
  )
}
