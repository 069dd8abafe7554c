import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { paths } from '@/config/paths'
import { getErrorMessage } from '@/lib/api-client'
import { loginInputSchema, useLogin } from '../api/login'
import { useCompleteSignIn } from '../hooks/use-complete-sign-in'
import { AuthCard } from './auth-card'
import { GoogleSignInButton } from './google-sign-in-button'
import { OrDivider } from './or-divider'

/** Sign In (spec 2.10): email, password, Forgot password, Sign In, Google, link to Sign Up. */
export function LoginForm() {
  const login = useLogin()
  const completeSignIn = useCompleteSignIn()
  const [searchParams] = useSearchParams()
  const form = useForm({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: (session) => void completeSignIn(session),
      // spec 8: the server's message when present, else by status
      onError: (error) => toast.error(getErrorMessage(error)),
    })
  })

  const redirectTo = searchParams.get('redirectTo')
  return (
    <AuthCard
      title="Sign In"
      description="Welcome back. Sign in to your trader area."
      footer={
        <>
          New to Tradepeak?{' '}
          <Link
            className="font-medium text-primary hover:underline"
            to={paths.auth.signup.getHref()}
          >
            Sign Up
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign in">
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <div className="-mt-1 flex justify-end">
          <Link
            to={paths.auth.forgotPassword.getHref()}
            className="text-sm font-medium text-primary hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" isPending={login.isPending}>
          Sign In
        </Button>
      </form>
      <OrDivider />
      <GoogleSignInButton />
      {redirectTo ? (
        <p className="text-center text-xs text-muted-foreground">
          Sign in to continue where you left off.
        </p>
      ) : null}
    </AuthCard>
  )
}
