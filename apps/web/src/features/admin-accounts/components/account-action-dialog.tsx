import { useState } from 'react'
import { adminAccountMessages } from '@tp/api'
import { toast } from '@/lib/toast'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { AdminReasonField } from '@/components/admin-reason-field'
import { useAdminReason } from '@/hooks/use-admin-reason'
import { getErrorMessage } from '@/lib/api-client'
import { useAccountAction, type AccountActionKind } from '../api/accounts'

export const actionCopy: Record<
  AccountActionKind,
  { label: string; description: string; isDestructive: boolean }
> = {
  'disable-trading': {
    label: 'Disable trading',
    description: 'Pending orders are cancelled; open positions stay. The owner is emailed.',
    isDestructive: true,
  },
  'enable-trading': {
    label: 'Enable trading',
    description: 'The owner may trade again. The owner is emailed.',
    isDestructive: false,
  },
  'close-all': {
    label: 'Close all positions',
    description: 'Every position is closed at market and pending orders cancelled.',
    isDestructive: true,
  },
  pass: {
    label: 'Pass manually',
    description:
      "The account passes as after the engine's pass: read-only, next stage and certificate follow. The engine's verdict is recorded beside it.",
    isDestructive: false,
  },
  fail: {
    label: 'Fail manually',
    description:
      "As a breach without evidence: trading off, positions closed, the account failed. The engine's verdict is recorded beside it.",
    isDestructive: true,
  },
  extend: {
    label: 'Extend inactivity window',
    description:
      'The 30 days without a trade that suspend the account count from now. The owner is emailed.',
    isDestructive: false,
  },
  leverage: {
    label: 'Change leverage',
    description: "1:1 up to the plan's maximum. The owner is emailed.",
    isDestructive: false,
  },
}

/**
 * One action on the account: asks for the reason (the shared schema's words, decision 0055) and
 * the leverage, runs it, toasts. `canDisableKeepPositions` (the account's row, decision 0056):
 * false on a platform that enforces "disabled" by closing positions, which the disable says.
 */
export function AccountActionDialog({
  accountId,
  kind,
  leverage,
  canDisableKeepPositions,
  onClose,
}: {
  accountId: string
  kind: AccountActionKind | null
  leverage: number
  canDisableKeepPositions: boolean
  onClose: () => void
}) {
  return (
    <AlertDialog open={kind !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {kind ? (
        <ActionContent
          key={kind}
          accountId={accountId}
          kind={kind}
          leverage={leverage}
          canDisableKeepPositions={canDisableKeepPositions}
          onClose={onClose}
        />
      ) : null}
    </AlertDialog>
  )
}

function ActionContent({
  accountId,
  kind,
  leverage,
  canDisableKeepPositions,
  onClose,
}: {
  accountId: string
  kind: AccountActionKind
  leverage: number
  canDisableKeepPositions: boolean
  onClose: () => void
}) {
  const action = useAccountAction()
  const reasonField = useAdminReason()
  const [newLeverage, setNewLeverage] = useState(String(leverage))
  const copy = actionCopy[kind]
  const description =
    kind === 'disable-trading' && !canDisableKeepPositions
      ? adminAccountMessages.disableClosesPositions
      : copy.description

  function confirm() {
    const reason = reasonField.submit()
    if (reason === null) return
    action.mutate(
      {
        accountId,
        kind,
        reason,
        ...(kind === 'leverage' ? { leverage: Number(newLeverage) } : {}),
      },
      {
        onSuccess: (message) => {
          toast.success(message)
          onClose()
        },
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    )
  }

  return (
    <AlertDialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
      <AlertDialogHeader>
        <AlertDialogTitle>{copy.label}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      {kind === 'leverage' ? (
        <FormField label="Leverage (1:N)">
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            value={newLeverage}
            onChange={(event) => setNewLeverage(event.target.value)}
          />
        </FormField>
      ) : null}
      <AdminReasonField reason={reasonField} label="Reason (sent to the trader)" />
      <AlertDialogFooter>
        <AlertDialogCancel disabled={action.isPending}>Cancel</AlertDialogCancel>
        <Button
          variant={copy.isDestructive ? 'destructive' : 'default'}
          isPending={action.isPending}
          onClick={confirm}
        >
          {copy.label}
        </Button>
      </AlertDialogFooter>
    </AlertDialogContent>
  )
}
