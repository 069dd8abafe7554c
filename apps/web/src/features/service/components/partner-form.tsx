import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
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
import { serverErrorsOf } from '@/lib/server-errors'
import { cn } from '@/lib/utils'
import { useApplyAsPartner } from '../api/submit-forms'
import { useFormStart } from '../hooks/use-form-start'
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

type Outcome = { kind: 'success' | 'error'; text: string } | null

/**
 * The become-a-partner application (spec 2.5, 5, 8): name, email, social user name, partnership
 * type and message required; the social link must be a link when given. On failure the server's
 * message is shown (spec 7).
 */
export function PartnerForm() {
  const apply = useApplyAsPartner()
  const { antiBotFields, honeypotRef, renewIfTokenRefused } = useFormStart()
  const [isWaiting, setIsWaiting] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const form = useForm({
    resolver: zodResolver(partnerFieldsSchema),
    defaultValues: emptyValues,
  })
  const { errors } = form.formState

  const fail = (error: unknown) => {
    renewIfTokenRefused(error)
    const found = serverErrorsOf(error, fields)
    for (const field of fields) {
      const message = found.fields[field]
      if (message) form.setError(field, { message })
    }
    const text = found.form ?? getErrorMessage(error)
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
    apply.mutate(
      { ...values, socialUrl: values.socialUrl?.trim() || undefined, ...antiBot },
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
        isPending={isWaiting || apply.isPending}
      >
        Apply now
      </Button>
    </form>
  )
}
