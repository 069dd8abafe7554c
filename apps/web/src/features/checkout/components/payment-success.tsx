import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'
import { checkoutMessages } from '@tp/api'
import { DocumentTitle } from '@/components/document-title'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { getPaymentStatus } from '../api/get-payment-status'
import { checkoutQueryKeys } from '../api/query-keys'

/**
 * Payment-success (spec 2.9): reads trackId and asks for the payment's status once. Paid: a
 * success toast and the dashboard; any other status: 'Confirming payment...' and home; no trackId:
 * 'There are some problem...' and home; a failure to ask: 'Something wrong!'.
 */
export function PaymentSuccess() {
  const [searchParams] = useSearchParams()
  const trackId = searchParams.get('trackId')?.trim() || null
  const navigate = useNavigate()
  const status = useQuery({
    queryKey: checkoutQueryKeys.paymentStatus(trackId ?? ''),
    queryFn: ({ signal }) => getPaymentStatus(trackId!, signal),
    enabled: trackId !== null,
    retry: false,
    staleTime: 0,
  })
  // one answer, one toast, one redirect (also under React's double effects in development)
  const isHandled = useRef(false)

  useEffect(() => {
    if (isHandled.current) return
    if (trackId === null) {
      isHandled.current = true
      toast.error(checkoutMessages.successMissing)
      void navigate(paths.home.getHref(), { replace: true })
      return
    }
    if (status.isError) {
      isHandled.current = true
      toast.error(checkoutMessages.somethingWrong)
      return
    }
    if (!status.data) return
    isHandled.current = true
    if (status.data.status === 'Paid') {
      toast.success(checkoutMessages.successPaid)
      void navigate(paths.user.dashboard.getHref(), { replace: true })
    } else {
      toast.info(checkoutMessages.successConfirming)
      void navigate(paths.home.getHref(), { replace: true })
    }
  }, [navigate, status.data, status.isError, trackId])

  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 text-center">
      <DocumentTitle title="Payment Confirmation" />
      <h1 className="text-2xl font-bold tracking-tight">Payment confirmation</h1>
      {status.isError ? (
        <Alert variant="error" className="text-left">
          <p>{checkoutMessages.somethingWrong}</p>
          <div className="mt-1 flex flex-wrap gap-4">
            <Button
              variant="link"
              onClick={() => {
                isHandled.current = false
                void status.refetch()
              }}
            >
              Try again
            </Button>
            <Button asChild variant="link">
              <Link to={paths.home.getHref()}>Go home</Link>
            </Button>
          </div>
        </Alert>
      ) : (
        <Spinner label="Confirming your payment" className="size-8 text-primary" />
      )}
    </div>
  )
}
