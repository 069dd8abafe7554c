import { messages } from '@tp/api/messages'
import { newsletterFieldsSchema, type NewsletterFields } from '@tp/api/service'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'
import { useSubscribeToNewsletter } from '../api/submit-forms'
import { useProtectedForm } from '../hooks/use-protected-form'
import { HoneypotField } from './honeypot-field'

const emptyValues: NewsletterFields = { email: '' }

/**
 * Newsletter sign-up (double opt-in, decision 0026): the email gets a confirmation link, and the
 * subscription starts when it is followed. `section` for the landing page's newsletter section,
 * `footer` for the footer's e-mail field.
 */
export function NewsletterForm({ variant = 'section' }: { variant?: 'section' | 'footer' }) {
  const isFooter = variant === 'footer'
  const { form, errors, onSubmit, outcome, honeypotRef, isPending } = useProtectedForm({
    schema: newsletterFieldsSchema,
    emptyValues,
    fields: ['email'],
    mutation: useSubscribeToNewsletter(),
    toBody: (values) => values,
    failureText: (found) => found.form ?? found.fields.email ?? messages.service.newsletterFailed,
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
          isPending={isPending}
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
