import { ApiError, getErrorMessage } from '@/lib/api-client'

/**
 * A refused trade (422 TRADING_REJECTED and friends): each detail names the field it is about
 * (details[].path, e.g. "volume" or "stopLoss"); what names no field of the form, and errors
 * without details, are shown for the whole form.
 */
export function serverErrorsOf<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): { fields: Partial<Record<Field, string>>; form: string | null } {
  const result: { fields: Partial<Record<Field, string>>; form: string | null } = {
    fields: {},
    form: null,
  }
  const details = error instanceof ApiError ? (error.body?.details ?? []) : []
  for (const detail of details) {
    const field = fields.find((name) => name === detail.path)
    if (field) result.fields[field] ??= detail.message
    else result.form ??= detail.message
  }
  if (Object.keys(result.fields).length === 0 && result.form === null) {
    result.form = getErrorMessage(error)
  }
  return result
}
