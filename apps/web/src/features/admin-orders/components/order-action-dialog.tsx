import {
  closeOnSuccess,
  ReasonConfirmContent,
  ReasonConfirmDialog,
} from '@/components/reason-confirm-dialog'
import { useRetryProvisioning } from '../api/retry-provisioning'
import { useRefundOrder } from '../api/refund-order'
import { useReviewOrder } from '../api/review-order'
import { orderTotalText } from '../utils/format'
import type { AdminOrderDto } from '../utils/types'

export type OrderActionKind = 'retry' | 'fulfil' | 'reject' | 'refund'
export type OrderAction = { kind: OrderActionKind; order: AdminOrderDto }

const copy: Record<
  OrderActionKind,
  {
    title: (number: string) => string
    description: string
    confirm: string
    done: (number: string) => string
  }
> = {
  retry: {
    title: (number) => `Retry provisioning of ${number}?`,
    description:
      'A new attempt is made to create the trading account of this paid order. The trader receives the credentials by email once it exists.',
    confirm: 'Retry provisioning',
    done: (number) => `Provisioning of ${number} started again.`,
  },
  fulfil: {
    title: (number) => `Approve ${number}?`,
    description: 'The payment is accepted and the trading account is created for the trader.',
    confirm: 'Approve',
    done: (number) => `Order ${number} approved.`,
  },
  reject: {
    title: (number) => `Reject ${number}?`,
    description:
      'The order is marked failed and no trading account is created. Money received can then be sent back with Refund.',
    confirm: 'Reject',
    done: (number) => `Order ${number} rejected.`,
  },
  refund: {
    title: (number) => `Refund ${number}?`,
    description:
      'The order is marked refunded and the trading accounts it bought are closed: open positions are closed at market and trading is disabled. The buyer is emailed.',
    confirm: 'Refund',
    done: (number) => `Order ${number} refunded.`,
  },
}

/** How the money goes back, by payment method. */
const refundHow = {
  card: 'The payment is refunded in full through PayPal now.',
  crypto:
    'OxaPay cannot send coins back: send the refund from the wallet first, then note its transaction here.',
} as const

/** What the reason field is called for each action (every one asks for it: decision 0055). */
function reasonLabel(kind: OrderActionKind, method: AdminOrderDto['method']): string {
  if (kind === 'refund') return method === 'crypto' ? 'Refund transaction' : 'Note to the buyer'
  return kind === 'retry' ? 'Reason (audited)' : 'Reason (kept with the order)'
}

/** Asks before an action on an order, runs it, and says how it went (toast). */
export function OrderActionDialog({
  action,
  onClose,
}: {
  action: OrderAction | null
  onClose: () => void
}) {
  return (
    <ReasonConfirmDialog open={action !== null} onClose={onClose}>
      {action ? <OrderActionContent action={action} onClose={onClose} /> : null}
    </ReasonConfirmDialog>
  )
}

function OrderActionContent({ action, onClose }: { action: OrderAction; onClose: () => void }) {
  const retry = useRetryProvisioning()
  const review = useReviewOrder()
  const refund = useRefundOrder()
  const text = copy[action.kind]
  const { order } = action
  const isReview = action.kind === 'fulfil' || action.kind === 'reject'
  const isRefund = action.kind === 'refund'

  function confirm(reason: string) {
    const callbacks = closeOnSuccess(text.done(order.number), onClose)
    if (action.kind === 'retry') {
      retry.mutate({ orderId: order.id, reason }, callbacks)
    } else if (action.kind === 'refund') {
      refund.mutate({ orderId: order.id, note: reason }, callbacks)
    } else {
      review.mutate({ orderId: order.id, decision: action.kind, note: reason }, callbacks)
    }
  }

  return (
    <ReasonConfirmContent
      title={text.title(order.number)}
      description={`${text.description} Buyer: ${order.userEmail}.`}
      confirmLabel={text.confirm}
      confirmVariant={action.kind === 'reject' || isRefund ? 'destructive' : 'default'}
      isPending={retry.isPending || review.isPending || refund.isPending}
      reason={{
        label: reasonLabel(action.kind, order.method),
        ...(isRefund && order.method === 'crypto'
          ? { hint: 'Its hash, amount and coin. Kept with the order and in the audit log.' }
          : {}),
      }}
      onConfirm={confirm}
    >
      {isReview && order.reviewReason ? (
        <p className="rounded-md border border-border bg-surface-2 px-3 py-2 text-sm">
          <span className="font-medium">Why it is under review: </span>
          {order.reviewReason}
        </p>
      ) : null}
      {!isReview && order.provisioningError ? (
        <p className="rounded-md border border-border bg-surface-2 px-3 py-2 text-sm">
          <span className="font-medium">Last error: </span>
          {order.provisioningError}
        </p>
      ) : null}
      {isRefund ? (
        <p className="rounded-md border border-border bg-surface-2 px-3 py-2 text-sm">
          <span className="font-medium">{orderTotalText(order)}: </span>
          {refundHow[order.method]}
        </p>
      ) : null}
    </ReasonConfirmContent>
  )
}
