import { LogIn } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { messages } from '@tp/api'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { paths } from '@/config/paths'

/** What a visitor sees where checkout needs an account: sign in, then come back here. */
export function SignInPrompt() {
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  return (
    <EmptyState
      icon={<LogIn aria-hidden />}
      title={messages.auth.loginFirstToTrade}
      description="Your selection is kept: you continue here after signing in."
      action={
        <Button asChild>
          <Link to={paths.auth.login.getHref(here)}>Sign In</Link>
        </Button>
      }
    />
  )
}
