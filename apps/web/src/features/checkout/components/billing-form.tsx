import type { UseFormReturn } from 'react-hook-form'
import { messages, type BillingProfileInput } from '@tp/api'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'

type BillingField = Exclude<keyof BillingProfileInput, 'email'>

/** The billing profile's fields (spec 3) with their labels and browser autofill hints. */
const fields: ReadonlyArray<{ name: BillingField; label: string; autoComplete: string }> = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'companyName', label: 'Company Name', autoComplete: 'organization' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'apartment', label: 'Apartment / Street Address', autoComplete: 'street-address' },
  { name: 'town', label: 'Town / City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State / Province', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'Postal Code', autoComplete: 'postal-code' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel' },
]

type BillingFormProps = {
  form: UseFormReturn<BillingProfileInput>
  /** saved once: the profile is locked and every field disabled (spec 4) */
  isLocked: boolean
  isSaving: boolean
  onSave: () => void
}

/**
 * The billing profile of get-funded (spec 2.6, 4, 5): the email is read-only; every field is
 * required before the first save, after which the profile is locked.
 */
export function BillingForm({ form, isLocked, isSaving, onSave }: BillingFormProps) {
  const { errors } = form.formState
  return (
    <form
      noValidate
      aria-label="Billing information"
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        onSave()
      }}
    >
      <FormField label="Email" hint="The email of your account.">
        <Input type="email" readOnly autoComplete="email" {...form.register('email')} />
      </FormField>
      <fieldset disabled={isLocked} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="sr-only">Billing details</legend>
        {fields.map((field) => (
          <FormField
            key={field.name}
            label={field.label}
            error={errors[field.name]?.message}
            className={field.name === 'apartment' ? 'sm:col-span-2' : undefined}
          >
            <Input
              type={field.name === 'phone' ? 'tel' : 'text'}
              autoComplete={field.autoComplete}
              {...form.register(field.name)}
            />
          </FormField>
        ))}
      </fieldset>
      {isLocked ? (
        <Alert>
          <p>{messages.profile.billingLocked}</p>
        </Alert>
      ) : (
        <div className="flex justify-end">
          <Button
            type="submit"
            variant="secondary"
            isPending={isSaving}
            className="w-full sm:w-auto"
          >
            Save Billing Info
          </Button>
        </div>
      )}
    </form>
  )
}
