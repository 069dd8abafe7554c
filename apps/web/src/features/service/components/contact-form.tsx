import { messages } from '@tp/api/messages'
import { contactFieldsSchema, type ContactFields } from '@tp/api/service'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { cn } from '@/lib/utils'
import { useSendContactMessage } from '../api/submit-forms'
import { useProtectedForm } from '../hooks/use-protected-form'
import { HoneypotField } from './honeypot-field'

const fields = ['name', 'email', 'subject', 'message'] as const
const emptyValues: ContactFields = { name: '', email: '', subject: '', message: '' }

/**
 * The contact form (spec 2.5, 5, 8): name, email and message required, subject optional. `full`
 * on /contact-us; `compact` (no subject, one column) for the privacy page's quick contact. It files
 * a contact message the admins read in /admin/messages.
 */
export function ContactForm({ variant = 'full' }: { variant?: 'full' | 'compact' }) {
  const isCompact = variant === 'compact'
  const { form, errors, onSubmit, outcome, honeypotRef, isPending } = useProtectedForm({
    schema: contactFieldsSchema,
    emptyValues,
    fields,
    mutation: useSendContactMessage(),
    toBody: (values) => ({
      ...values,
      subject: values.subject?.trim() ? values.subject : undefined,
    }),
    failureText: (found) => found.form ?? messages.service.contactFailed,
    failureToast: messages.service.contactFailed,
  })

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={isCompact ? 'Quick contact' : 'Contact us'}
      className="relative grid gap-4"
    >
      {outcome ? (
        <Alert variant={outcome.kind} data-testid="contact-form-outcome">
          {outcome.text}
        </Alert>
      ) : null}
      <div className={cn('grid gap-4', !isCompact && 'sm:grid-cols-2')}>
        <FormField label="Full name" error={errors.name?.message}>
          <Input autoComplete="name" required {...form.register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...form.register('email')}
          />
        </FormField>
      </div>
      {isCompact ? null : (
        <FormField label="Subject (optional)" error={errors.subject?.message}>
          <Input {...form.register('subject')} />
        </FormField>
      )}
      <FormField label="Message" error={errors.message?.message}>
        <Textarea rows={isCompact ? 4 : 6} required {...form.register('message')} />
      </FormField>
      <HoneypotField inputRef={honeypotRef} />
      <Button
        type="submit"
        className={cn('w-full', !isCompact && 'sm:w-auto sm:justify-self-start')}
        isPending={isPending}
      >
        Send message
      </Button>
    </form>
  )
}
