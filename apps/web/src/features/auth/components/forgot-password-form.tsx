import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from '@/lib/toast'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { paths } from '@/config/paths'
import { getErrorMessage } from '@/lib/api-client'
import { forgotPasswordInputSchema, useForgotPassword } from '../api/forgot-password'
import { AuthCard } from './auth-card'

/** Forgot password (spec 2.10): one email field; the server's answer is the same for any email. */
export function ForgotPasswordForm() {
  const forgotPassword = useForgotPassword()
  const form = useForm({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    forgotPassword.mutate(values, {
      onSuccess: (message) => toast.success(message),
      onError: (error) => toast.error(getErrorMessage(error)),
    })
  })

  return (
    <AuthCard
      title="Forgot password"
      description="Enter the email of your account and we will send you a link to choose a new password."
      footer={
        <Link className="font-medium text-primary hover:underline" to={paths.auth.login.getHref()}>
          Back to Sign In
        </Link>
      }
    >
      {forgotPassword.isSuccess ? (
        // the toast closes after 3 s; the answer stays for whoever reads slower
        <Alert variant="success">{forgotPassword.data}</Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Forgot password">
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...form.register('email')}
          />
        </FormField>
        <Button type="submit" className="w-full" isPending={forgotPassword.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthCard>
  )
}
