import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { messages } from '@tp/api'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { paths } from '@/config/paths'
import { ApiError, getErrorMessage } from '@/lib/api-client'
import { registerInputSchema, useRegister } from '../api/register'
import { AuthCard } from './auth-card'
import { GoogleSignInButton } from './google-sign-in-button'
import { OrDivider } from './or-divider'

/** A password the server refused as breached (its list is too large for the browser). */
function isBreachedPasswordError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.serverMessage === messages.validation.passwordBreached
}

/** Sign-up failures as spec 8 words them; other statuses (a rate limit) speak for themselves. */
function registerErrorMessage(error: unknown): string {
  if (isBreachedPasswordError(error)) return messages.validation.passwordBreached
  if (error instanceof ApiError) {
    if (error.status === 422) return messages.auth.registerInvalid
    if (error.status === 409) return messages.auth.registerExists
    if (error.status !== null && error.status >= 500) return messages.auth.registerThrown
  }
  return getErrorMessage(error)
}

/** Sign Up (spec 2.10): email, password, confirm, Sign Up, Google, link to Sign In. */
export function RegisterForm() {
  const registerUser = useRegister()
  const navigate = useNavigate()
  const form = useForm({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    const { email, password } = values
    registerUser.mutate(
      { email, password },
      {
        onSuccess: () => {
          // spec 4: sign-up does not sign in; the new trader signs in next
          toast.success(messages.auth.registerSuccess)
          void navigate(paths.auth.login.getHref())
        },
        onError: (error) => {
          if (isBreachedPasswordError(error)) {
            form.setError('password', { message: messages.validation.passwordBreached })
          }
          toast.error(registerErrorMessage(error))
        },
      },
    )
  })

  return (
    <AuthCard
      title="Sign Up"
      description="Create your account to start a challenge."
      footer={
        <>
          Already have an account?{' '}
          <Link
            className="font-medium text-primary hover:underline"
            to={paths.auth.login.getHref()}
          >
            Sign In
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign up">
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...form.register('email')}
          />
        </FormField>
        <FormField label="Password" hint="At least 8 characters." error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            required
            {...form.register('password')}
          />
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            required
            {...form.register('confirmPassword')}
          />
        </FormField>
        <Button type="submit" className="w-full" isPending={registerUser.isPending}>
          Sign Up
        </Button>
      </form>
      <OrDivider />
      <GoogleSignInButton />
    </AuthCard>
  )
}
