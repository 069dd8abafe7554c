import { ApiError, getErrorMessage } from './api-client'

/** Why the server refused a form: messages for some of its fields, and one for the form. */
export type ServerErrors<Field extends string> = {
  fields: Partial<Record<Field, string>>
  form: string | null
}

/**
 * Where to show a refused request's messages. Each detail names what it is about
 * (details[].path): one naming a field of the form goes to that field, the first naming none goes
 * to the form as a whole; an error with no detail to show says its message there
 * (getErrorMessage). `fields` lists the form's fields, or maps the request's names to the form's
 * where they differ (e.g. `minimumSubtotalCents` -> `minimumSubtotal`).
 */
export function serverErrorsOf<Field extends string>(
  error: unknown,
  fields: readonly Field[] | Readonly<Record<string, Field>>,
): ServerErrors<Field> {
  const fieldOf = (path: string): Field | undefined =>
    isFieldList(fields)
      ? fields.find((name) => name === path)
      : Object.hasOwn(fields, path)
        ? fields[path]
        : undefined
  const result: ServerErrors<Field> = { fields: {}, form: null }
  const details = error instanceof ApiError ? (error.body?.details ?? []) : []
  for (const detail of details) {
    const field = fieldOf(detail.path)
    if (field) result.fields[field] ??= detail.message
    else result.form ??= detail.message
  }
  if (Object.keys(result.fields).length === 0 && result.form === null) {
    result.form = getErrorMessage(error)
  }
  return result
}

function isFieldList<Field extends string>(
  fields: readonly Field[] | Readonly<Record<string, Field>>,
): fields is readonly Field[] {
  return Array.isArray(fields)
}
