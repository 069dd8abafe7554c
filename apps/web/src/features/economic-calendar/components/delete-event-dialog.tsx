import type { EconomicEvent } from '@tp/api/calendar'
import {
  closeOnSuccess,
  ReasonConfirmContent,
  ReasonConfirmDialog,
} from '@/components/reason-confirm-dialog'
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
    <ReasonConfirmDialog open={event !== null} onClose={onClose}>
      {event ? <DeleteEventContent event={event} onClose={onClose} /> : null}
    </ReasonConfirmDialog>
  )
}

function DeleteEventContent({ event, onClose }: { event: EconomicEvent; onClose: () => void }) {
  const remove = useDeleteEconomicEvent()
  return (
    <ReasonConfirmContent
      title={`Delete ${event.currency} ${event.title}?`}
      description="Trades around it are no longer restricted by the news rule."
      confirmLabel="Delete"
      confirmVariant="destructive"
      isPending={remove.isPending}
      onConfirm={(reason) =>
        remove.mutate({ id: event.id, reason }, closeOnSuccess('Event deleted.', onClose))
      }
    />
  )
}
