import { useState } from 'react'
import { adminAccountMessages } from '@tp/api'
import {
  closeOnSuccess,
  ReasonConfirmContent,
  ReasonConfirmDialog,
} from '@/components/reason-confirm-dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
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
    <ReasonConfirmDialog open={kind !== null} onClose={onClose}>
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
    </ReasonConfirmDialog>
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
  const [newLeverage, setNewLeverage] = useState(String(leverage))
  const copy = actionCopy[kind]
  const description =
    kind === 'disable-trading' && !canDisableKeepPositions
      ? adminAccountMessages.disableClosesPositions
      : copy.description

  function confirm(reason: string) {
    action.mutate(
      {
        accountId,
        kind,
        reason,
        ...(kind === 'leverage' ? { leverage: Number(newLeverage) } : {}),
      },
      closeOnSuccess((message: string) => message, onClose),
    )
  }

  return (
    <ReasonConfirmContent
      title={copy.label}
      description={description}
      confirmLabel={copy.label}
      confirmVariant={copy.isDestructive ? 'destructive' : 'default'}
      isPending={action.isPending}
      reason={{ label: 'Reason (sent to the trader)' }}
      onConfirm={confirm}
    >
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
    </ReasonConfirmContent>
  )
}
