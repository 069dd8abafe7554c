import type { ReactNode } from 'react'
import { ADMIN_REASON_MAX, ADMIN_REASON_MIN } from '@tp/api/admin-reason'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import type { AdminReasonState } from '@/hooks/use-admin-reason'

/** The reason of an admin action: a labelled text area with the shared schema's message. */
export function AdminReasonField({
  reason,
  label,
  hint,
}: {
  reason: AdminReasonState
  label?: ReactNode
  hint?: ReactNode
}) {
  return (
    <FormField
      label={label ?? (reason.isRequired ? 'Reason' : 'Reason (optional)')}
      hint={hint ?? `Kept in the audit log. ${ADMIN_REASON_MIN}-${ADMIN_REASON_MAX} characters.`}
      error={reason.error}
    >
      <Textarea
        rows={3}
        value={reason.value}
        onChange={(event) => reason.setValue(event.target.value)}
      />
    </FormField>
  )
}
