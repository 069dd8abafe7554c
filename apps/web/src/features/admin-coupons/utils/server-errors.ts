import { ApiError, getErrorMessage } from '@/lib/api-client'
import { requestFieldToFormField, type CouponFormField } from '../api/create-coupon'

/**
 * Where to show why the server refused a new coupon: a detail naming a field goes to that field
 * (a duplicate code comes as 422 with a detail on "code"); a bare conflict (409) is about the code
 * too; anything else goes to the form.
 */
export function couponServerErrors(error: unknown): {
  fields: Partial<Record<CouponFormField, string>>
  form: string | null
} {
  const fields: Partial<Record<CouponFormField, string>> = {}
  const details = error instanceof ApiError ? (error.body?.details ?? []) : []
  for (const detail of details) {
    const field =
      requestFieldToFormField[detail.path as keyof typeof requestFieldToFormField] ?? undefined
    if (field) fields[field] ??= detail.message
  }
  if (Object.keys(fields).length > 0) return { fields, form: null }
  if (error instanceof ApiError && error.status === 409) {
    return { fields: { code: getErrorMessage(error) }, form: null }
  }
  return { fields, form: getErrorMessage(error) }
}
