import { zodResolver } from '@hookform/resolvers/zod'
import { Plus } from 'lucide-react'
import { useId, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { ADMIN_REASON_MAX, ADMIN_REASON_MIN } from '@tp/api/admin-reason'
import { challengeTypeLabels, challengeTypes, formatMoney, minimumOrderTotal } from '@tp/domain'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { serverErrorsOf } from '@/lib/server-errors'
import {
  couponFormDefaults,
  couponFormSchema,
  requestFieldToFormField,
  useCreateCoupon,
  type CouponFormField,
  type CouponFormInput,
  type CreateCouponRequest,
} from '../api/create-coupon'
import { canActAsAdmin } from '@/lib/roles'
import { useUser } from '@/lib/session'

const kindOptions = [
  { value: 'percent', label: 'Percent off' },
  { value: 'fixed', label: 'Fixed amount off' },
] as const

function CreateCouponForm({ onDone }: { onDone: () => void }) {
  const createCoupon = useCreateCoupon()
  const form = useForm<CouponFormInput, unknown, CreateCouponRequest>({
    resolver: zodResolver(couponFormSchema),
    defaultValues: couponFormDefaults,
  })
  const { errors } = form.formState
  const kind = form.watch('kind')
  const ids = { challenges: useId(), isActive: useId(), kind: useId() }

  const onSubmit = form.handleSubmit((request) => {
    createCoupon.mutate(request, {
      onSuccess: () => {
        toast.success(`Coupon ${request.code} created.`)
        onDone()
      },
      onError: (error) => {
        // details name the request's fields (a duplicate code: 422 with a detail on "code")
        const refused = serverErrorsOf(error, requestFieldToFormField)
        // a bare conflict (409) is about the code, the one field that must be unique
        if (error instanceof ApiError && error.status === 409 && refused.form) {
          refused.fields.code ??= refused.form
          refused.form = null
        }
        for (const [field, message] of Object.entries(refused.fields)) {
          form.setError(field as CouponFormField, { type: 'server', message })
        }
        if (refused.form) form.setError('root.server', { type: 'server', message: refused.form })
      },
    })
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="New coupon">
      <FormField
        label="Code"
        hint="3 to 32 letters, digits, - or _. Stored in capitals."
        error={errors.code?.message}
      >
        <Input
          autoComplete="off"
          spellCheck={false}
          className="font-mono uppercase"
          {...form.register('code')}
        />
      </FormField>

      <fieldset
        className="grid gap-2"
        aria-describedby={errors.kind ? `${ids.kind}-error` : undefined}
      >
        <legend className="mb-2 text-sm leading-none font-medium">Discount type</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {kindOptions.map((option) => (
            <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                value={option.value}
                className="size-4 accent-primary"
                {...form.register('kind')}
              />
              {option.label}
            </label>
          ))}
        </div>
        {errors.kind?.message ? (
          <p id={`${ids.kind}-error`} role="alert" className="text-sm font-medium text-destructive">
            {errors.kind.message}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={kind === 'percent' ? 'Discount (%)' : 'Discount (USD)'}
          hint={kind === 'percent' ? 'A whole percent, 1 to 100.' : 'In dollars, e.g. 19.99.'}
          error={errors.value?.message}
        >
          <Input
            inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
            autoComplete="off"
            {...form.register('value')}
          />
        </FormField>
        <FormField
          label="Minimum subtotal (USD)"
          hint="Base fee plus add-ons. Empty: any order."
          error={errors.minimumSubtotal?.message}
        >
          <Input inputMode="decimal" autoComplete="off" {...form.register('minimumSubtotal')} />
        </FormField>
        <FormField
          label="Expires"
          hint="Your local time. Empty: never."
          error={errors.expiresAt?.message}
        >
          <Input type="datetime-local" {...form.register('expiresAt')} />
        </FormField>
        <FormField
          label="Maximum uses"
          hint="Paid orders that may use it. Empty: no limit."
          error={errors.maxUses?.message}
        >
          <Input inputMode="numeric" autoComplete="off" {...form.register('maxUses')} />
        </FormField>
      </div>

      <Controller
        control={form.control}
        name="challenges"
        render={({ field }) => (
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.challenges ? `${ids.challenges}-error` : undefined}
          >
            <legend className="mb-2 text-sm leading-none font-medium">Applies to</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {challengeTypes.map((type) => {
                const id = `${ids.challenges}-${type}`
                return (
                  <div key={type} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={field.value.includes(type)}
                      aria-invalid={errors.challenges ? true : undefined}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          challengeTypes.filter((candidate) =>
                            candidate === type ? checked === true : field.value.includes(candidate),
                          ),
                        )
                      }
                      onBlur={field.onBlur}
                    />
                    <Label htmlFor={id}>{challengeTypeLabels[type]}</Label>
                  </div>
                )
              })}
            </div>
            {errors.challenges?.message ? (
              <p
                id={`${ids.challenges}-error`}
                role="alert"
                className="text-sm font-medium text-destructive"
              >
                {errors.challenges.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />

      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Switch
              id={ids.isActive}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
            />
            <Label htmlFor={ids.isActive}>Active</Label>
          </div>
        )}
      />

      <FormField
        label="Reason"
        hint={`Why the firm gives it: kept in the audit log. ${ADMIN_REASON_MIN}-${ADMIN_REASON_MAX} characters.`}
        error={errors.reason?.message}
      >
        <Textarea rows={2} {...form.register('reason')} />
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
        <Button type="submit" isPending={createCoupon.isPending}>
          Create coupon
        </Button>
      </DialogFooter>
    </form>
  )
}

/** 'New coupon': the admin's create form (decisions.md: coupons work and have an admin screen). */
export function CreateCouponDialog() {
  const [isOpen, setIsOpen] = useState(false)
  const user = useUser()
  // offered to admins only (a support user is read-only, decision 0036)
  if (!canActAsAdmin(user)) return null
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden className="size-4" />
          New coupon
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>New coupon</DialogTitle>
          <DialogDescription>
            Taken off the order subtotal (base fee plus add-ons) before the crypto discount. An
            order never costs less than {formatMoney(minimumOrderTotal)}.
          </DialogDescription>
        </DialogHeader>
        <CreateCouponForm onDone={() => setIsOpen(false)} />
      </DialogContent>
    </Dialog>
  )
}
