import { useRef, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { checkoutMessages, type OrderDto, type OrderStatus, type PublicConfig } from '@tp/api'
import type { PaymentMethod } from '@tp/domain'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { getErrorMessage } from '@/lib/api-client'
import { usePublicConfig } from '@/lib/public-config'
import { useUser } from '@/lib/session'
import { useCheckoutOrder } from '../api/get-orders'
import { ORDER_QUERY_PARAM, paymentHref } from '../utils/payment-paths'
import { SignInPrompt } from './sign-in-prompt'

/** Web-only copy of the payment screens. */
export const paymentScreenText = {
  noOrder: 'There is no order to pay. Choose your challenge first.',
  unknownOrder: 'We could not find this order. Choose your challenge again.',
  otherMethod: (method: PaymentMethod) =>
    method === 'card'
      ? 'This order is to be paid by card.'
      : 'This order is to be paid with crypto.',
  paid: (number: string) => `Order ${number} is paid.`,
  paidDetail: 'Your trading account is on your dashboard (a new one takes a minute to set up).',
  refunded: (number: string) => `Order ${number} was refunded.`,
} as const

/** Statuses of an order whose payment went through. */
const paidStatuses: ReadonlySet<OrderStatus> = new Set(['paid', 'provisioning', 'fulfilled'])

function DashboardLink({ label = 'Go to your dashboard' }: { label?: string }) {
  return (
    <Button asChild variant="link">
      <Link to={paths.user.dashboard.getHref()}>{label}</Link>
    </Button>
  )
}

/** What a payment screen says of an order that is not to be paid (any more). */
function SettledOrder({ order }: { order: OrderDto }) {
  if (paidStatuses.has(order.status)) {
    return (
      <Alert variant="success">
        <p className="font-semibold">{paymentScreenText.paid(order.number)}</p>
        <p>{paymentScreenText.paidDetail}</p>
        <DashboardLink />
      </Alert>
    )
  }
  const text =
    order.status === 'under_review'
      ? checkoutMessages.underReview
      : order.status === 'refunded'
        ? paymentScreenText.refunded(order.number)
        : checkoutMessages.orderNotPayable
  return (
    <Alert>
      <p>{text}</p>
      <DashboardLink />
    </Alert>
  )
}

function BackToCheckout() {
  return (
    <Button asChild variant="link">
      <Link to={paths.checkout.getFunded.getHref()}>Back to Get Funded</Link>
    </Button>
  )
}

function GateSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]" role="status">
      <span className="sr-only">Loading your order</span>
      <Skeleton className="h-72" />
      <Skeleton className="h-72" />
    </div>
  )
}

type PaymentOrderGateProps = {
  method: PaymentMethod
  children: (order: OrderDto, config: PublicConfig) => ReactNode
}

/**
 * What both payment screens check before showing anything to pay: an order in the query, a
 * signed-in owner, the order found (read afresh) and still pending, its method this screen's, and
 * the provider switched on. A paid order says so and leads to the dashboard.
 */
export function PaymentOrderGate({ method, children }: PaymentOrderGateProps) {
  const [searchParams] = useSearchParams()
  const orderId = searchParams.get(ORDER_QUERY_PARAM)
  const user = useUser()
  const config = usePublicConfig()
  const order = useCheckoutOrder(user && orderId ? orderId : null)
  // once paying has begun, a later read of the order (now paid) must not pull the screen away
  const admitted = useRef<{ order: OrderDto; config: PublicConfig } | null>(null)

  if (admitted.current && admitted.current.order.id === orderId && user) {
    return <>{children(admitted.current.order, admitted.current.config)}</>
  }

  if (!orderId) {
    return (
      <Alert>
        <p>{paymentScreenText.noOrder}</p>
        <BackToCheckout />
      </Alert>
    )
  }
  if (!user) return <SignInPrompt />
  if (order.isError || config.isError) {
    const error = order.error ?? config.error
    return (
      <Alert variant="error">
        <p>{getErrorMessage(error)}</p>
        <Button
          variant="link"
          onClick={() => {
            if (order.isError) void order.refetch()
            if (config.isError) void config.refetch()
          }}
        >
          Try again
        </Button>
      </Alert>
    )
  }
  // only a read made for this visit counts: an order cached as pending may have been paid since
  if (order.data === undefined || !order.isFetchedAfterMount || !config.data) {
    return <GateSkeleton />
  }
  if (order.data === null) {
    return (
      <Alert variant="error">
        <p>{paymentScreenText.unknownOrder}</p>
        <BackToCheckout />
      </Alert>
    )
  }
  if (order.data.status !== 'pending') return <SettledOrder order={order.data} />
  if (order.data.method !== method) {
    return (
      <Alert>
        <p>{paymentScreenText.otherMethod(order.data.method)}</p>
        <Button asChild variant="link">
          <Link to={paymentHref(order.data.method, order.data.id)}>Go to its payment page</Link>
        </Button>
      </Alert>
    )
  }
  const isEnabled = method === 'card' ? config.data.paypal.isEnabled : config.data.crypto.isEnabled
  if (!isEnabled) {
    return (
      <Alert variant="error">
        <p>{checkoutMessages.paymentUnavailable}</p>
        <BackToCheckout />
      </Alert>
    )
  }
  admitted.current = { order: order.data, config: config.data }
  return <>{children(order.data, config.data)}</>
}
