import { useState } from 'react'
import { ADMIN_REASON_MAX, adminReasonSchema } from '@tp/api/admin-reason'

// The "why" of an admin action (decision 0055), checked in the browser by the schema the server
// checks it with, so the field shows the server's own words.

export type AdminReasonState = {
  value: string
  setValue: (value: string) => void
  isRequired: boolean
  /** the schema's message: too long at once, too short once a confirm was tried */
  error: string | undefined
  /** Marks the field submitted; the trimmed reason ('' when optional and left blank), or null. */
  submit: () => string | null
}

export function useAdminReason({ isRequired = true }: { isRequired?: boolean } = {}) {
  const [value, setValue] = useState('')
  const [isSubmitted, setSubmitted] = useState(false)
  const trimmed = value.trim()
  const isBlankOptional = !isRequired && trimmed === ''
  const parsed = isBlankOptional ? null : adminReasonSchema.safeParse(value)
  const message = parsed && !parsed.success ? parsed.error.issues[0]?.message : undefined
  const error = message && (isSubmitted || trimmed.length > ADMIN_REASON_MAX) ? message : undefined
  return {
    value,
    setValue,
    isRequired,
    error,
    submit: () => {
      setSubmitted(true)
      if (message) return null
      return isBlankOptional ? '' : trimmed
    },
  } satisfies AdminReasonState
}
