import { toast } from '@/lib/toast'
import type { EconomicEvent } from '@tp/api/calendar'
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
import { useDeleteEconomicEvent } from '../api/admin-calendar'

/** Deleting an event lifts the news rule's window around it, so it asks why (decision 0055). */
export function DeleteEventDialog({
  event,
  onClose,
}: {
  event: EconomicEvent | null
  onClose: () => void
}) {
  return (
    <AlertDialog open={event !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {event ? <DeleteEventContent event={event} onClose={onClose} /> : null}
    </AlertDialog>
  )
}

function DeleteEventContent({ event, onClose }: { event: EconomicEvent; onClose: () => void }) {
  const remove = useDeleteEconomicEvent()
  const reasonField = useAdminReason()

  function confirm() {
    const reason = reasonField.submit()
    if (reason === null) return
    remove.mutate(
      { id: event.id, reason },
      {
        onSuccess: () => {
          toast.success('Event deleted.')
          onClose()
        },
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    )
  }

  return (
    <AlertDialogContent>
      <AlertDialogHeader>
        <AlertDialogTitle>
          Delete {event.currency} {event.title}?
        </AlertDialogTitle>
        <AlertDialogDescription>
          Trades around it are no longer restricted by the news rule.
        </AlertDialogDescription>
      </AlertDialogHeader>
      <AdminReasonField reason={reasonField} />
      <AlertDialogFooter>
        <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
        <Button variant="destructive" isPending={remove.isPending} onClick={confirm}>
          Delete
        </Button>
      </AlertDialogFooter>
    </AlertDialogContent>
  )
}
