import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { changeTradingPasswordSchema, messages, type TradingAccountDto } from '@tp/api'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { serverErrorsOf } from '@/lib/server-errors'
import { useChangeTradingPassword } from '../api/change-trading-password'

type ChangePasswordDialogProps = {
  account: TradingAccountDto
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** The contract's own messages first; these only name the rules it leaves to zod's wording. */
const passwordErrorMessages = (issue: { code: string }) =>
  issue.code === 'too_big' ? 'The trading password must be at most 32 characters long.' : undefined

function ChangePasswordForm({
  account,
  onDone,
}: {
  account: TradingAccountDto
  onDone: () => void
}) {
  const changePassword = useChangeTradingPassword()
  const form = useForm({
    resolver: zodResolver(changeTradingPasswordSchema, { error: passwordErrorMessages }),
    defaultValues: { password: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(({ password }) => {
    changePassword.mutate(
      { accountId: account.id, password },
      {
        onSuccess: () => {
          toast.success(messages.trading.passwordChanged)
          onDone()
        },
        onError: (error) => {
          const refused = serverErrorsOf(error, ['password'] as const)
          if (refused.fields.password) {
            form.setError('password', { type: 'server', message: refused.fields.password })
          }
          if (refused.form) form.setError('root.server', { type: 'server', message: refused.form })
        },
      },
    )
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField
        label="New trading password"
        hint="8 to 32 characters, with letters and digits."
        error={errors.password?.message}
      >
        <Input
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          {...form.register('password')}
        />
      </FormField>
      {errors.root?.server?.message ? (
        <Alert variant="error">
          <p>{errors.root.server.message}</p>
        </Alert>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" isPending={changePassword.isPending}>
          Change password
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Sets a new password on the trading server for one active account. */
export function ChangePasswordDialog({ account, open, onOpenChange }: ChangePasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change trading password</DialogTitle>
          <DialogDescription>
            Account {account.login} on {account.server}. Sign in to the platform with the new
            password from now on.
          </DialogDescription>
        </DialogHeader>
        {/* the content unmounts when closed: every opening starts with an empty form */}
        <ChangePasswordForm account={account} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}
