import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'
import { messages } from '@tp/api'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { paths } from '@/config/paths'
import { getErrorMessage } from '@/lib/api-client'
import { resetPasswordInputSchema, useResetPassword } from '../api/reset-password'
import { AuthCard } from './auth-card'

/** Reset password (spec 2.10): token from the link's query string, two password fields. */
export function ResetPasswordForm() {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const resetPassword = useResetPassword()
  const token = searchParams.get('token') ?? ''
  const form = useForm({
    resolver: zodResolver(resetPasswordInputSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    resetPassword.mutate(
      { token: values.token, password: values.password },
      {
        onSuccess: (message) => {
          toast.success(message)
          void navigate(paths.auth.login.getHref(), { replace: true })
        },
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    )
  })

  const tokenError = token ? errors.token?.message : messages.auth.invalidToken
  const requestError = resetPassword.isError ? getErrorMessage(resetPassword.error) : null

  return (
    <AuthCard
      title="Reset password"
      description="Choose a new password of at least 8 characters."
      footer={
        <Link
          className="font-medium text-primary hover:underline"
          to={paths.auth.forgotPassword.getHref()}
        >
          Request a new reset link
        </Link>
      }
    >
      {tokenError || requestError ? (
        <Alert variant="error">{tokenError ?? requestError}</Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Reset password">
        <FormField label="New Password" error={errors.password?.message}>
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
        <Button type="submit" className="w-full" isPending={resetPassword.isPending}>
          Reset password
        </Button>
      </form>
    </AuthCard>
  )
}
