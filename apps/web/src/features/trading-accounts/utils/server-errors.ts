import { ApiError, getErrorMessage } from '@/lib/api-client'

/**
 * A refused request's messages: those whose detail names a field of the form go to that field
 * (details[].path), the rest, and errors without details, to the form as a whole.
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
  }
  if (Object.keys(result.fields).length === 0) result.form = getErrorMessage(error)
  return result
}
