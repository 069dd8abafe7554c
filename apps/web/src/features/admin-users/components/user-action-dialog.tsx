import { useState } from 'react'
import { messages, type AdminUserRow, type Role } from '@tp/api'
import {
  closeOnSuccess,
  ReasonConfirmContent,
  ReasonConfirmDialog,
} from '@/components/reason-confirm-dialog'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { fieldClasses, Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useUser } from '@/lib/session'
import { cn } from '@/lib/utils'
import { useSetUserEnabled, useUpdateUser } from '../api/user-actions'

export type UserAction = { kind: 'edit' | 'disable' | 'enable'; user: AdminUserRow }

const copy = {
  edit: {
    title: 'Edit user',
    description:
      'Name, role and whether the email is verified. The change is audited with the reason.',
    confirm: 'Save',
  },
  disable: {
    title: 'Disable user',
    description:
      'They are signed out everywhere at once, cannot sign in, and trading stops on their accounts. They are emailed the reason.',
    confirm: 'Disable',
  },
  enable: {
    title: 'Enable user',
    description:
      'They can sign in again and trading comes back on the accounts the disable turned off. They are emailed the reason.',
    confirm: 'Enable',
  },
} as const

/** Edit, disable or enable a user: asks for what changes and the reason, runs it, toasts. */
export function UserActionDialog({
  action,
  onClose,
}: {
  action: UserAction | null
  onClose: () => void
}) {
  return (
    <ReasonConfirmDialog open={action !== null} onClose={onClose}>
      {action ? <UserActionContent key={action.user.id} action={action} onClose={onClose} /> : null}
    </ReasonConfirmDialog>
  )
}

function UserActionContent({ action, onClose }: { action: UserAction; onClose: () => void }) {
  const { user, kind } = action
  const update = useUpdateUser()
  const setEnabled = useSetUserEnabled()
  const [name, setName] = useState(user.name ?? '')
  const [role, setRole] = useState<Role>(user.role)
  // the server refuses an admin's own role change; the dialog does not offer it
  const isSelf = useUser()?.id === user.id
  const [emailVerified, setEmailVerified] = useState(user.emailVerified)
  const text = copy[kind]

  // every change to a user's access or identity says why (decision 0055)
  function confirm(reason: string) {
    const callbacks = closeOnSuccess(
      kind === 'edit'
        ? messages.admin.userUpdated
        : kind === 'disable'
          ? messages.admin.userDisabled
          : messages.admin.userEnabled,
      onClose,
    )
    if (kind === 'edit') {
      update.mutate(
        {
          userId: user.id,
          name: name.trim() || null,
          role,
          emailVerified,
          reason,
        },
        callbacks,
      )
    } else {
      setEnabled.mutate({ userId: user.id, isEnabled: kind === 'enable', reason }, callbacks)
    }
  }

  return (
    <ReasonConfirmContent
      title={text.title}
      description={`${user.email}. ${text.description}`}
      confirmLabel={text.confirm}
      confirmVariant={kind === 'disable' ? 'destructive' : 'default'}
      isPending={update.isPending || setEnabled.isPending}
      reason={{ label: kind === 'edit' ? 'Reason (audited)' : 'Reason (sent to the user)' }}
      onConfirm={confirm}
    >
      {kind === 'edit' ? (
        <div className="grid gap-4">
          <FormField label="Name">
            <Input value={name} maxLength={120} onChange={(event) => setName(event.target.value)} />
          </FormField>
          <FormField
            label="Role"
            hint={
              isSelf
                ? 'You cannot change your own role.'
                : 'Support sees the admin area read-only; an admin also acts.'
            }
          >
            <select
              className={cn(fieldClasses, 'h-10 py-1.5')}
              value={role}
              disabled={isSelf}
              onChange={(event) => setRole(event.target.value as Role)}
            >
              <option value="trader">Trader</option>
              <option value="support">Support</option>
              <option value="admin">Admin</option>
            </select>
          </FormField>
          <div className="flex items-center gap-2">
            <Checkbox
              id="user-email-verified"
              checked={emailVerified}
              onCheckedChange={(checked) => setEmailVerified(checked === true)}
            />
            <Label htmlFor="user-email-verified">Email verified</Label>
          </div>
        </div>
      ) : null}
    </ReasonConfirmContent>
  )
}
