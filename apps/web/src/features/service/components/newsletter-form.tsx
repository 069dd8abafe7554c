import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { messages } from '@tp/api/messages'
import { newsletterFieldsSchema, type NewsletterFields } from '@tp/api/service'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { serverErrorsOf } from '@/lib/server-errors'
import { cn } from '@/lib/utils'
import { useSubscribeToNewsletter } from '../api/submit-forms'
import { useFormStart } from '../hooks/use-form-start'
import { HoneypotField } from './honeypot-field'

const emptyValues: NewsletterFields = { email: '' }

type Outcome = { kind: 'success' | 'error'; text: string } | null

/**
 * Newsletter sign-up (double opt-in, decision 0026): the email gets a confirmation link, and the
 * subscription starts when it is followed. `section` for the landing page's newsletter section,
 * `footer` for the footer's e-mail field.
 */
export function NewsletterForm({ variant = 'section' }: { variant?: 'section' | 'footer' }) {
  const isFooter = variant === 'footer'
  const subscribe = useSubscribeToNewsletter()
  const { antiBotFields, honeypotRef, renewIfTokenRefused } = useFormStart()
  const [isWaiting, setIsWaiting] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const form = useForm({
    resolver: zodResolver(newsletterFieldsSchema),
    defaultValues: emptyValues,
  })
  const { errors } = form.formState

  const fail = (error: unknown) => {
    renewIfTokenRefused(error)
    const found = serverErrorsOf(error, ['email'] as const)
    if (found.fields.email) form.setError('email', { message: found.fields.email })
    const text = found.form ?? found.fields.email ?? messages.service.newsletterFailed
    toast.error(text)
    setOutcome({ kind: 'error', text })
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null)
    setIsWaiting(true)
    let antiBot
    try {
      antiBot = await antiBotFields()
    } catch (error) {
      setIsWaiting(false)
      fail(error)
      return
    }
    setIsWaiting(false)
    subscribe.mutate(
      { ...values, ...antiBot },
      {
        onSuccess: (message) => {
          toast.success(message)
          setOutcome({ kind: 'success', text: message })
          form.reset(emptyValues)
        },
        onError: fail,
      },
    )
  })

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={isFooter ? 'Newsletter (footer)' : 'Newsletter'}
      className="relative grid gap-3"
    >
      <div
        className={cn(
          'flex flex-col gap-3',
          isFooter ? 'sm:flex-row' : 'sm:flex-row sm:items-start',
        )}
      >
        <FormField
          label="Email address"
          error={errors.email?.message}
          className={cn('flex-1', isFooter && '[&>label]:sr-only')}
        >
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            required
            className={isFooter ? 'h-9' : undefined}
            {...form.register('email')}
          />
        </FormField>
        <Button
          type="submit"
          size={isFooter ? 'sm' : 'default'}
          className={cn(isFooter ? 'h-9' : 'sm:mt-7')}
          isPending={isWaiting || subscribe.isPending}
        >
          Subscribe
        </Button>
      </div>
      <HoneypotField inputRef={honeypotRef} />
      {outcome ? (
        <Alert variant={outcome.kind} className={isFooter ? 'text-xs' : undefined}>
          {outcome.text}
        </Alert>
      ) : null}
    </form>
  )
}
