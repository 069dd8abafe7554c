import {
  partnerFieldsSchema,
  partnershipTypeLabels,
  partnershipTypes,
  type PartnerFields,
} from '@tp/api/service'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { fieldClasses, Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { getErrorMessage } from '@/lib/api-client'
import { cn } from '@/lib/utils'
import { useApplyAsPartner } from '../api/submit-forms'
import { useProtectedForm } from '../hooks/use-protected-form'
import { HoneypotField } from './honeypot-field'

const fields = [
  'name',
  'email',
  'socialUserName',
  'socialUrl',
  'partnershipType',
  'message',
] as const
const emptyValues = {
  name: '',
  email: '',
  socialUserName: '',
  socialUrl: '',
  partnershipType: '',
  message: '',
} as unknown as PartnerFields

/**
 * The become-a-partner application (spec 2.5, 5, 8): name, email, social user name, partnership
 * type and message required; the social link must be a link when given. On failure the server's
 * message is shown (spec 7).
 */
export function PartnerForm() {
  const { form, errors, onSubmit, outcome, honeypotRef, isPending } = useProtectedForm({
    schema: partnerFieldsSchema,
    emptyValues,
    fields,
    mutation: useApplyAsPartner(),
    toBody: (values) => ({ ...values, socialUrl: values.socialUrl?.trim() || undefined }),
    failureText: (found, error) => found.form ?? getErrorMessage(error),
  })

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Partner application"
      className="relative grid gap-4"
    >
      {outcome ? <Alert variant={outcome.kind}>{outcome.text}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
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
        <FormField
          label="Social user name"
          hint="Your handle where your audience follows you."
          error={errors.socialUserName?.message}
        >
          <Input required placeholder="@yourname" {...form.register('socialUserName')} />
        </FormField>
        <FormField label="Social link (optional)" error={errors.socialUrl?.message}>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://"
            {...form.register('socialUrl')}
          />
        </FormField>
      </div>
      <FormField label="Partnership type" error={errors.partnershipType?.message}>
        <select
          required
          className={cn(fieldClasses, 'h-10 py-2')}
          {...form.register('partnershipType')}
        >
          <option value="">Choose a partnership type</option>
          {partnershipTypes.map((type) => (
            <option key={type} value={type}>
              {partnershipTypeLabels[type]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label="Message"
        hint="Tell us about your audience and how you would like to work with us."
        error={errors.message?.message}
      >
        <Textarea rows={6} required {...form.register('message')} />
      </FormField>
      <HoneypotField inputRef={honeypotRef} />
      <Button
        type="submit"
        className="w-full sm:w-auto sm:justify-self-start"
        isPending={isPending}
      >
        Apply now
      </Button>
    </form>
  )
}
