import type { ReactNode } from 'react'
import { AdminReasonField } from '@/components/admin-reason-field'
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
import { useAdminReason } from '@/hooks/use-admin-reason'
import { getErrorMessage } from '@/lib/api-client'
import { toast } from '@/lib/toast'

// The confirm of an admin action that says why (decision 0055): the question, what the action
// needs beyond the reason, the reason field, Cancel and the confirm. A feature's dialog is the
// question's words and its mutation; the reason's rules and the dialog's behaviour live here.

/**
 * Open while the action has a target. Its content is mounted only while open, so each opening
 * starts with an empty reason (and the feature's own fields from the new target).
 */
export function ReasonConfirmDialog({
  open,
  onClose,
  children,
}: {
  open: boolean
  onClose: () => void
  children: ReactNode
}) {
  return (
    <AlertDialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {open ? children : null}
    </AlertDialog>
  )
}

/**
 * The dialog's content. `onConfirm` gets the trimmed reason once it passes the shared schema
 * ('' when the reason is optional and left blank); until then the field shows the schema's words.
 */
export function ReasonConfirmContent({
  title,
  description,
  children,
  confirmLabel,
  confirmVariant = 'default',
  isPending,
  reason: { isRequired = true, label, hint } = {},
  onConfirm,
}: {
  title: ReactNode
  description: ReactNode
  /** what the action shows or asks for besides the reason, between the question and the field */
  children?: ReactNode
  confirmLabel: ReactNode
  confirmVariant?: 'default' | 'destructive'
  isPending: boolean
  reason?: { isRequired?: boolean; label?: ReactNode; hint?: ReactNode }
  onConfirm: (reason: string) => void
}) {
  const reasonField = useAdminReason({ isRequired })

  function confirm() {
    const reason = reasonField.submit()
    if (reason !== null) onConfirm(reason)
  }

  return (
    <AlertDialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      {children}
      <AdminReasonField reason={reasonField} label={label} hint={hint} />
      <AlertDialogFooter>
        <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
        <Button variant={confirmVariant} isPending={isPending} onClick={confirm}>
          {confirmLabel}
        </Button>
      </AlertDialogFooter>
    </AlertDialogContent>
  )
}

/**
 * A confirmed action's mutation callbacks: success toasts its words and closes the dialog; a
 * failure toasts the server's message and leaves the dialog open with the reason, to try again.
 */
export function closeOnSuccess<TData>(
  success: string | ((data: TData) => string),
  onClose: () => void,
) {
  return {
    onSuccess: (data: TData) => {
      toast.success(typeof success === 'string' ? success : success(data))
      onClose()
    },
    onError: (error: unknown) => toast.error(getErrorMessage(error)),
  }
}
