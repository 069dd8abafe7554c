import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm, useWatch } from 'react-hook-form'
import {
  metatraderConnectionTestSchema,
  metatraderMessages,
  type MetatraderConnectionTestInput,
  type MetatraderConnectionTestRequest,
} from '@tp/api/metatrader'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { serverErrorsOf } from '@/lib/server-errors'
import { useTestMetatraderConnection } from '../api/test-connection'
import { ConnectionResult } from './connection-result'

const fields = ['platform', 'server', 'login', 'password'] as const

/**
 * The MetaTrader connection test (spec 2.13, 5): platform, broker server, login and password, all
 * four required (the button stays disabled while one is empty, 'All fields are required'). The
 * server really tests them through MetaApi; the outcome is the success panel or "Connection
 * Failed" with the platform's reason. The password field is cleared after every test.
 */
export function ConnectionTestForm() {
  const mutation = useTestMetatraderConnection()
  const form = useForm<MetatraderConnectionTestInput, unknown, MetatraderConnectionTestRequest>({
    resolver: zodResolver(metatraderConnectionTestSchema),
    defaultValues: { server: '', login: '', password: '' },
  })
  const values = useWatch({ control: form.control })
  const isComplete = fields.every((field) => String(values[field] ?? '').trim() !== '')
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((request) => {
    mutation.reset()
    mutation.mutate(request, {
      onSettled: () => form.resetField('password', { defaultValue: '' }),
      onError: (error) => {
        const found = serverErrorsOf(error, fields)
        for (const field of fields) {
          const message = found.fields[field]
          if (message) form.setError(field, { message })
        }
      },
    })
  })

  const failure = mutation.isError ? serverErrorsOf(mutation.error, fields).form : null

  return (
    <div className="grid max-w-2xl gap-6">
      <Card>
        <CardContent className="pt-6">
          <form
            noValidate
            onSubmit={onSubmit}
            aria-label="Test MetaTrader connection"
            className="grid gap-4"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Controller
                control={form.control}
                name="platform"
                render={({ field }) => (
                  <Select value={field.value ?? ''} onValueChange={field.onChange}>
                    <FormField label="Platform" error={errors.platform?.message}>
                      <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                        <SelectValue placeholder="Choose MT4 or MT5" />
                      </SelectTrigger>
                    </FormField>
                    <SelectContent>
                      <SelectItem value="mt4">MetaTrader 4</SelectItem>
                      <SelectItem value="mt5">MetaTrader 5</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              />
              <FormField
                label="Broker server"
                error={errors.server?.message}
                hint="As your MetaTrader terminal shows it, e.g. ICMarketsSC-Demo"
              >
                <Input
                  autoComplete="off"
                  spellCheck={false}
                  required
                  {...form.register('server')}
                />
              </FormField>
              <FormField label="Login" error={errors.login?.message}>
                <Input
                  inputMode="numeric"
                  autoComplete="username"
                  required
                  {...form.register('login')}
                />
              </FormField>
              <FormField label="Password" error={errors.password?.message}>
                <Input
                  type="password"
                  autoComplete="current-password"
                  required
                  {...form.register('password')}
                />
              </FormField>
            </div>
            <p className="text-xs text-muted-foreground">
              {metatraderMessages.passwordNeverStored}
            </p>
            {isComplete ? null : (
              <p className="text-sm text-muted-foreground" id="connect-all-required">
                {metatraderMessages.allFieldsRequired}
              </p>
            )}
            <Button
              type="submit"
              className="w-full sm:w-auto sm:justify-self-start"
              disabled={!isComplete}
              isPending={mutation.isPending}
              aria-describedby={isComplete ? undefined : 'connect-all-required'}
            >
              {mutation.isPending ? metatraderMessages.testing : 'Test Connection'}
            </Button>
          </form>
        </CardContent>
      </Card>
      <div aria-live="polite">
        {mutation.data ? <ConnectionResult result={mutation.data} /> : null}
        {failure ? (
          <Alert variant="error" data-testid="connection-error">
            <p className="font-semibold">{metatraderMessages.connectionFailed}</p>
            <p>{failure}</p>
          </Alert>
        ) : null}
      </div>
    </div>
  )
}
