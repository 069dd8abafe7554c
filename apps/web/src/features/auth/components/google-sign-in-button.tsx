import { useState } from 'react'
import { toast } from '@/lib/toast'
import { messages } from '@tp/api'
import { Button } from '@/components/ui/button'
import { getErrorMessage } from '@/lib/api-client'
import { requestGoogleAccessToken } from '@/lib/google-identity'
import { usePublicConfig } from '@/lib/public-config'
import { useGoogleLogin } from '../api/google-login'
import { useCompleteSignIn } from '../hooks/use-complete-sign-in'

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4">
      <path
        fill="#EA4335"
        d="M12 10.2v3.9h5.5c-.24 1.26-.96 2.33-2.04 3.04l3.3 2.56c1.92-1.77 3.03-4.38 3.03-7.48 0-.72-.06-1.41-.19-2.07H12z"
      />
      <path
        fill="#34A853"
        d="M5.27 14.28l-.74.57-2.63 2.05C3.56 20.19 7.5 22.5 12 22.5c3.02 0 5.56-1 7.4-2.71l-3.3-2.56c-.91.61-2.07.98-4.1.98-3.1 0-5.73-2.1-6.67-4.93z"
      />
      <path
        fill="#4A90E2"
        d="M1.9 7.1A10.4 10.4 0 0 0 1.5 12c0 1.74.42 3.37 1.16 4.81l3.37-2.61A6.3 6.3 0 0 1 5.65 12c0-.77.14-1.5.38-2.2z"
      />
      <path
        fill="#FBBC05"
        d="M12 5.4c1.7 0 3.22.59 4.42 1.73l2.93-2.93C17.55 2.53 15.02 1.5 12 1.5 7.5 1.5 3.56 3.81 1.9 7.1l3.37 2.61C6.27 7.5 8.9 5.4 12 5.4z"
      />
    </svg>
  )
}

/** 'Continue with Google' (spec 2.10): Google grants an access token, our server verifies it. */
export function GoogleSignInButton() {
  const config = usePublicConfig()
  const googleLogin = useGoogleLogin()
  const completeSignIn = useCompleteSignIn()
  const [isAwaitingGoogle, setIsAwaitingGoogle] = useState(false)
  const google = config.data?.google

  async function handleClick() {
    if (!google?.clientId) {
      toast.error(messages.auth.googleUnavailable)
      return
    }
    setIsAwaitingGoogle(true)
    let accessToken: string
    try {
      accessToken = await requestGoogleAccessToken(google)
    } catch {
      toast.error(messages.auth.googleFailed)
      return
    } finally {
      setIsAwaitingGoogle(false)
    }
    googleLogin.mutate(accessToken, {
      onSuccess: (session) => void completeSignIn(session),
      onError: (error) =>
        toast.error(messages.auth.googleError, { description: getErrorMessage(error) }),
    })
  }

  return (
    <Button
      variant="outline"
      className="w-full"
      onClick={() => void handleClick()}
      isPending={isAwaitingGoogle || googleLogin.isPending}
      disabled={config.isPending}
    >
      {isAwaitingGoogle || googleLogin.isPending ? null : <GoogleLogo />}
      Continue with Google
    </Button>
  )
}
