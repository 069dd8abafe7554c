import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
  type PayPalButtonsComponentProps,
} from '@paypal/react-paypal-js'
import { useQueryClient } from '@tanstack/react-query'
import { CreditCard } from 'lucide-react'
import { useRef } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { checkoutMessages, type OrderDto, type PublicConfig } from '@tp/api'
import { tradingPlatformLabels } from '@tp/domain'
import { PageHeader } from '@/components/page-header'
import { Alert } from '@/components/ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { tradingAccountsQueryKey } from '@/lib/trading-accounts'
import { capturePayPalOrder } from '../api/capture-paypal-order'
import { createPayPalOrder } from '../api/create-paypal-order'
import { getPayPalFulfilment } from '../api/get-paypal-fulfilment'
import { mustChooseAnotherFunding, paypalErrorDetail } from '../api/paypal-request'
import { checkoutQueryKeys } from '../api/query-keys'
import { OrderSummaryCard } from './order-summary'
import { PaymentOrderGate } from './payment-order-gate'

/** What the dashboard shows after a card payment (spec 2.8), passed as navigation state. */
export type DashboardNotice = { notice: string }

function ScriptStatus() {
  const [{ isPending, isRejected }] = usePayPalScriptReducer()
  if (isPending) return <Spinner label="Loading the card payment buttons" className="size-6" />
  if (isRejected) {
    return (
      <Alert variant="error">
        <p>{checkoutMessages.paymentUnavailable}</p>
      </Alert>
    )
  }
  return null
}

/** PayPal's buttons for one of our orders: create, approve, capture (contracts 1.9). */
function PayPalCheckout({ order, config }: { order: OrderDto; config: PublicConfig }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // a failure already told to the buyer: PayPal's onError that follows it stays quiet
  const hasReported = useRef(false)

  const createOrder: PayPalButtonsComponentProps['createOrder'] = async () => {
    hasReported.current = false
    try {
      const created = await createPayPalOrder(order.id)
      return created.id
    } catch (error) {
      hasReported.current = true
      toast.error(`${checkoutMessages.paypalCreateFailed} ${paypalErrorDetail(error)}`)
      throw error
    }
  }

  const onApprove: PayPalButtonsComponentProps['onApprove'] = async (data, actions) => {
    try {
      const capture = await capturePayPalOrder(data.orderID)
      const { given_name, surname } = capture.payer.name
      toast.success(checkoutMessages.paypalCompleted(`${given_name} ${surname}`.trim()))
      // the account is on its way: ask for it (spec 7's create row); the dashboard shows it
      // whenever it comes, so a failure here only ends the waiting
      await getPayPalFulfilment(data.orderID).catch(() => null)
      void queryClient.invalidateQueries({ queryKey: checkoutQueryKeys.orders })
      void queryClient.invalidateQueries({ queryKey: tradingAccountsQueryKey })
      const state: DashboardNotice = { notice: checkoutMessages.cardSuccessRedirect }
      await navigate(paths.user.dashboard.getHref(), { state })
    } catch (error) {
      // spec 8's message with PayPal's detail, for a declined card too (the buyer must know why
      // the buttons start again)
      toast.error(`${checkoutMessages.paypalCaptureFailed} ${paypalErrorDetail(error)}`)
      // a declined card: the buyer picks another one in the same checkout
      if (mustChooseAnotherFunding(error)) return actions.restart()
      hasReported.current = true
    }
  }

  return (
    <PayPalScriptProvider
      options={{
        clientId: config.paypal.clientId,
        currency: 'USD',
        intent: 'capture',
        sdkBaseUrl: config.paypal.sdkBaseUrl,
      }}
    >
      <div className="grid gap-4">
        <ScriptStatus />
        <PayPalButtons
          style={{ layout: 'vertical', shape: 'rect', label: 'pay' }}
          createOrder={createOrder}
          onApprove={onApprove}
          onError={(error) => {
            if (hasReported.current) return
            toast.error(`${checkoutMessages.paypalCreateFailed} ${paypalErrorDetail(error)}`)
          }}
        />
      </div>
    </PayPalScriptProvider>
  )
}

/**
 * The card payment screen of spec 2.8 (/paypal?order=<id>): PayPal's buttons beside the order
 * summary. A capture opens the dashboard, where the new account appears within seconds.
 */
export function CardPayment() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageHeader title="Card Payment" description="Pay securely by card or with PayPal." />
      <PaymentOrderGate method="card">
        {(order, config) => (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <CreditCard aria-hidden className="size-5 text-primary" />
                  Pay order {order.number}
                </CardTitle>
                <CardDescription>
                  A secure PayPal window opens: pay with your card or your PayPal account.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <PayPalCheckout order={order} config={config} />
              </CardContent>
            </Card>
            <OrderSummaryCard
              summary={order.summary}
              platformLabel={tradingPlatformLabels[order.platform]}
            />
          </div>
        )}
      </PaymentOrderGate>
    </div>
  )
}
