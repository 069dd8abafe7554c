import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, Check, Copy, Wallet } from 'lucide-react'
import { QRCodeSVG } from 'qrcode.react'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import {
  checkoutMessages,
  findCryptoCurrency,
  findCryptoNetwork,
  productCryptoCurrencies,
  type CryptoSession,
  type OrderDto,
} from '@tp/api'
import { formatMoney, tradingPlatformLabels, usdFromDollars } from '@tp/domain'
import { PageHeader } from '@/components/page-header'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { paths } from '@/config/paths'
import { tradingAccountsQueryKey } from '@/lib/trading-accounts'
import { useCreateCryptoSession } from '../api/create-crypto-session'
import {
  reviewPaymentStatuses,
  settledPaymentStatuses,
  usePaymentStatus,
  type PaymentStatus,
} from '../api/get-payment-status'
import { checkoutQueryKeys } from '../api/query-keys'
import { useCopy } from '../hooks/use-copy'
import { formatCountdown, useCountdown } from '../hooks/use-countdown'
import { OrderSummaryCard } from './order-summary'
import { PaymentOrderGate } from './payment-order-gate'

/** Web-only copy of the crypto screen. */
export const cryptoScreenText = {
  failed: 'This payment failed. Please start a new payment.',
  refunded: 'This payment was refunded.',
  statusUnavailable: 'The payment status could not be checked just now; trying again shortly.',
} as const

const statusBadge: Record<PaymentStatus, 'neutral' | 'warning' | 'profit' | 'loss'> = {
  Waiting: 'neutral',
  Confirming: 'warning',
  Paid: 'profit',
  Expired: 'warning',
  Underpaid: 'warning',
  'Under review': 'warning',
  Failed: 'loss',
  Refunded: 'neutral',
}

/** Step 1 (spec 2.7, 5): currency and, where it has several, network (the first by default). */
function CurrencyStep({
  order,
  expiredNotice,
  onStarted,
}: {
  order: OrderDto
  expiredNotice: boolean
  onStarted: (session: CryptoSession) => void
}) {
  const [symbol, setSymbol] = useState(productCryptoCurrencies[0]!.symbol)
  const currency = findCryptoCurrency(symbol) ?? productCryptoCurrencies[0]!
  const [networkCode, setNetworkCode] = useState(currency.networks[0]!.code)
  const network = findCryptoNetwork(currency, networkCode) ?? currency.networks[0]!
  const createSession = useCreateCryptoSession()

  function proceed() {
    createSession.mutate(
      {
        orderId: order.id,
        currency: currency.symbol,
        // coins listed without network labels send none: OxaPay uses their only network
        ...(currency.hasNetworkChoice ? { network: network.code } : {}),
      },
      {
        onSuccess: onStarted,
        onError: () => toast.error(checkoutMessages.cryptoCreateFailed),
      },
    )
  }

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wallet aria-hidden className="size-5 text-primary" />
          Pay order {order.number} with crypto
        </CardTitle>
        <CardDescription>Choose the coin you pay with, then proceed to payment.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {expiredNotice ? (
          <Alert variant="error">
            <p>{checkoutMessages.cryptoExpired}</p>
          </Alert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            value={currency.symbol}
            onValueChange={(next) => {
              setSymbol(next)
              const chosen = findCryptoCurrency(next)
              if (chosen) setNetworkCode(chosen.networks[0]!.code)
            }}
          >
            <FormField label="Currency">
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
            </FormField>
            <SelectContent>
              {productCryptoCurrencies.map((candidate) => (
                <SelectItem key={candidate.symbol} value={candidate.symbol}>
                  {candidate.symbol} · {candidate.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {currency.networks.length > 1 ? (
            <Select value={network.code} onValueChange={setNetworkCode}>
              <FormField label="Network">
                <SelectTrigger>
                  <SelectValue />
                </SelectTrigger>
              </FormField>
              <SelectContent>
                {currency.networks.map((candidate) => (
                  <SelectItem key={candidate.code} value={candidate.code}>
                    {candidate.code}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : (
            <div className="grid content-start gap-2">
              <p className="text-sm leading-none font-medium">Network</p>
              <p className="flex h-10 items-center text-sm text-muted-foreground">{network.name}</p>
            </div>
          )}
        </div>
        <Button
          size="lg"
          isPending={createSession.isPending}
          onClick={proceed}
          className="w-full sm:w-auto sm:justify-self-start"
        >
          Proceed to payment
        </Button>
      </CardContent>
    </Card>
  )
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { isCopied, copy } = useCopy()
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-9"
      aria-label={isCopied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
      onClick={() => void copy(text)}
    >
      {isCopied ? (
        <Check aria-hidden className="size-4 text-profit" />
      ) : (
        <Copy aria-hidden className="size-4" />
      )}
    </Button>
  )
}

function Detail({
  label,
  value,
  copyLabel,
  isMono = false,
}: {
  label: string
  value: string
  copyLabel?: string
  isMono?: boolean
}) {
  return (
    <div className="grid gap-1 border-b border-border/60 pb-3 last:border-0 last:pb-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="flex items-center justify-between gap-2">
        <span className={isMono ? 'min-w-0 font-mono text-sm break-all' : 'text-sm font-semibold'}>
          {value}
        </span>
        {copyLabel ? <CopyButton text={value} label={copyLabel} /> : null}
      </dd>
    </div>
  )
}

/**
 * Step 2 (spec 2.7, 4): QR code, address and amounts to copy, the session's countdown and its
 * status, asked for every 5 s until it is settled.
 */
/** The one toast that tells the buyer a payment is being confirmed. */
const STATUS_TOAST_ID = 'crypto-payment-status'

function PaymentStep({
  session,
  onBack,
  onExpired,
}: {
  session: CryptoSession
  onBack: () => void
  onExpired: () => void
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const remaining = useCountdown(session.expiresAt)
  const statusQuery = usePaymentStatus(session.trackId, { isPolling: true })
  const status: PaymentStatus = statusQuery.data?.status ?? 'Waiting'
  const isSettled = settledPaymentStatuses.has(status)
  const needsReview = reviewPaymentStatuses.has(status)
  const announced = useRef<PaymentStatus>('Waiting')

  // leaving the page takes the confirming notice with it
  useEffect(() => () => void toast.dismiss(STATUS_TOAST_ID), [])
  useEffect(() => {
    if (status === announced.current) return
    announced.current = status
    // the confirming notice stays while the chain confirms (it may take minutes), and the
    // outcome takes its place
    if (status === 'Confirming') {
      toast.info(checkoutMessages.cryptoConfirming, { id: STATUS_TOAST_ID, duration: Infinity })
    } else {
      toast.dismiss(STATUS_TOAST_ID)
    }
    if (status === 'Paid') {
      toast.success(checkoutMessages.cryptoPaid)
      void queryClient.invalidateQueries({ queryKey: checkoutQueryKeys.orders })
      void queryClient.invalidateQueries({ queryKey: tradingAccountsQueryKey })
    }
  }, [queryClient, status])

  // the session ran out with nothing on its way, by the countdown or by OxaPay's word (the
  // browser's clock may run behind): back to step 1 (a payment being confirmed is left to finish)
  // (a session restored after a reload waits for its first status: it may have been paid)
  const isOut =
    status === 'Expired' ||
    (remaining === 0 && statusQuery.isFetched && !isSettled && status !== 'Confirming')
  useEffect(() => {
    if (isOut) onExpired()
  }, [isOut, onExpired])

  return (
    <Card className="min-w-0">
      <CardHeader>
        <div className="flex items-center gap-2">
          {/* a paid (or refunded) session is not left for another one */}
          {status !== 'Paid' && status !== 'Refunded' ? (
            <Button
              variant="ghost"
              size="icon"
              className="-ml-2 size-9"
              aria-label="Back to currency selection"
              onClick={onBack}
            >
              <ArrowLeft aria-hidden className="size-5" />
            </Button>
          ) : null}
          <CardTitle>
            Send {session.payAmount} {session.payCurrency}
          </CardTitle>
        </div>
        <CardDescription>
          Send exactly this amount to the address below, on the{' '}
          {/network$/i.test(session.network) ? session.network : `${session.network} network`}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start">
          <div className="justify-self-center rounded-lg bg-white p-3">
            <QRCodeSVG
              value={session.address}
              size={168}
              role="img"
              title={`QR code of the ${session.payCurrency} payment address`}
            />
          </div>
          <dl className="grid min-w-0 gap-3">
            <Detail
              label="Amount to send"
              value={`${session.payAmount} ${session.payCurrency}`}
              copyLabel="Amount"
            />
            <Detail label="Address" value={session.address} copyLabel="Address" isMono />
            {session.memo ? (
              <Detail label="Memo" value={session.memo} copyLabel="Memo" isMono />
            ) : null}
            <Detail label="Network" value={session.network} />
            <Detail
              label="Order total"
              value={`${formatMoney(usdFromDollars(session.amount))} ${session.currency}`}
            />
          </dl>
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-surface-2 p-3">
          <p className="text-sm">
            Status:{' '}
            <Badge variant={statusBadge[status]} className="ml-1">
              {status}
            </Badge>
          </p>
          {!isSettled ? (
            <p className="text-sm">
              Time left:{' '}
              <span className="font-mono font-semibold tabular-nums">
                {formatCountdown(remaining)}
              </span>
            </p>
          ) : null}
        </div>

        {statusQuery.isError && !isSettled ? (
          <p className="text-xs text-muted-foreground">{cryptoScreenText.statusUnavailable}</p>
        ) : null}
        {status === 'Paid' ? (
          <Button
            size="lg"
            className="w-full sm:w-auto sm:justify-self-start"
            onClick={() => {
              toast.success(checkoutMessages.cryptoReturnConfirmed)
              void navigate(paths.user.dashboard.getHref())
            }}
          >
            Return to dashboard
          </Button>
        ) : null}
        {needsReview ? (
          <Alert>
            <p>{checkoutMessages.underReview}</p>
          </Alert>
        ) : null}
        {status === 'Refunded' ? (
          <Alert>
            <p>{cryptoScreenText.refunded}</p>
          </Alert>
        ) : null}
        {status === 'Failed' ? (
          <Alert variant="error">
            <p>{cryptoScreenText.failed}</p>
            <Button variant="link" onClick={onBack}>
              Choose a currency again
            </Button>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  )
}

function CryptoCheckout({ order }: { order: OrderDto }) {
  // a session opened before (this page reloaded, or opened again) is shown again, not a new one
  const [session, setSession] = useState<CryptoSession | null>(order.cryptoSession ?? null)
  const [hasExpired, setExpired] = useState(false)
  const onExpired = useRef(() => {
    toast.error(checkoutMessages.cryptoExpired)
    setExpired(true)
    setSession(null)
  }).current
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      {session ? (
        <PaymentStep
          key={session.trackId}
          session={session}
          onBack={() => setSession(null)}
          onExpired={onExpired}
        />
      ) : (
        <CurrencyStep
          order={order}
          expiredNotice={hasExpired}
          onStarted={(started) => {
            setExpired(false)
            setSession(started)
          }}
        />
      )}
      <OrderSummaryCard
        summary={order.summary}
        platformLabel={tradingPlatformLabels[order.platform]}
      />
    </div>
  )
}

/** The crypto payment screen of spec 2.7 (/oxapay?order=<id>), through OxaPay white-label. */
export function CryptoPayment() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Crypto Payment"
        description={`Pay with one of ${productCryptoCurrencies.length} coins.`}
      />
      <PaymentOrderGate method="crypto">
        {(order) => <CryptoCheckout order={order} />}
      </PaymentOrderGate>
    </div>
  )
}
