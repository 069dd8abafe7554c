import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useEffect, useId, useRef } from 'react'
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { messages, type AccountState } from '@tp/api'
import {
  dealCommission,
  effectiveLeverage,
  formatPrice,
  formatVolume,
  getInstrument,
  instruments,
  isMarketOpen,
  openingPrice,
  parsePrice,
  parseVolume,
  pipValue,
  requiredMargin,
  tradingMessages,
  volumeLimits,
  type Instrument,
  type OrderContext,
} from '@tp/domain'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { serverErrorsOf } from '@/lib/server-errors'
import { cn } from '@/lib/utils'
import {
  orderTicketSchema,
  orderTypeOf,
  ticketFields,
  usePlaceOrder,
  type CheckedOrder,
  type TicketValues,
} from '../api/place-order'
import { useNow } from '../hooks/use-now'
import { useQuoteBook, useQuoteStore } from '../hooks/use-quotes'
import { canTrade, policyOf } from '../utils/account'
import { money } from '../utils/format'
import { SegmentedRadio } from './segmented-radio'

const DEFAULT_VOLUME = '0.10'

const sideOptions = [
  {
    value: 'buy',
    label: 'Buy',
    checkedClass: 'peer-checked:bg-primary peer-checked:text-primary-foreground',
  },
  {
    value: 'sell',
    label: 'Sell',
    checkedClass: 'peer-checked:bg-destructive-strong peer-checked:text-white',
  },
] as const
const kindOptions = [
  { value: 'market', label: 'Market' },
  { value: 'limit', label: 'Limit' },
  { value: 'stop', label: 'Stop' },
] as const

/** "buy", "sell limit", ... as the ticket and its toasts say it. */
function orderTypeLabel(type: string): string {
  return type.replace('-', ' ')
}

/** Margin, pip value and commission of the order as typed, from the live quotes (domain maths). */
function useOrderFigures(instrument: Instrument, values: TicketValues, leverage: number) {
  const book = useQuoteBook()
  const quote = book.get(instrument.symbol)
  const volume = parseVolume(values.volume)
  if (!quote || volume === null) return { quote, margin: null, pip: null, commission: null }
  const typedPrice = values.kind === 'market' ? null : parsePrice(instrument, values.price)
  const price = typedPrice ?? openingPrice(values.side, quote)
  const attempt = (compute: () => number): number | null => {
    try {
      return compute()
    } catch {
      return null // the conversion pair's quote has not arrived yet
    }
  }
  return {
    quote,
    margin: attempt(() => requiredMargin(instrument, volume, price, leverage, book)),
    pip: attempt(() => pipValue(instrument, volume, book)),
    commission: dealCommission(instrument, volume),
  }
}

type OrderTicketProps = {
  state: AccountState
  symbol: string
  onSymbolChange: (symbol: string) => void
}

/**
 * The order ticket: side, market or pending (limit/stop with a price), volume, optional stop
 * loss and take profit. Shows the required margin and pip value before sending, checks the
 * order with the domain's validateOrder at the live quote, and shows the server's refusal at the
 * field it names.
 */
export function OrderTicket({ state, symbol, onSymbolChange }: OrderTicketProps) {
  const { account } = state
  const isTradable = canTrade(account)
  const instrument = getInstrument(symbol)
  const policy = policyOf(account)
  const limits = volumeLimits(instrument, policy)
  const store = useQuoteStore()
  const placeOrder = usePlaceOrder(account.id)
  const now = useNow(15_000)
  const isOpen = isMarketOpen(symbol, now)
  const headingId = useId()

  // the resolver reads the latest symbol and quote when it runs, not when it was created
  const latest = useRef({ instrument, policy })
  useEffect(() => {
    latest.current = { instrument, policy }
  }, [instrument, policy])
  const resolver = useCallback<Resolver<TicketValues, unknown, CheckedOrder>>(
    (values, context, options) => {
      const { instrument: current, policy: currentPolicy } = latest.current
      const getContext = (): OrderContext | null => {
        const quote = store.get(current.symbol)
        return quote ? { quote, tMs: Date.now(), policy: currentPolicy } : null
      }
      return zodResolver(orderTicketSchema(current, getContext))(values, context, options)
    },
    [store],
  )

  const form = useForm<TicketValues, unknown, CheckedOrder>({
    resolver,
    defaultValues: {
      symbol,
      side: 'buy',
      kind: 'market',
      volume: DEFAULT_VOLUME,
      price: '',
      stopLoss: '',
      takeProfit: '',
    },
  })
  const { errors } = form.formState
  const values = useWatch({ control: form.control }) as TicketValues
  const figures = useOrderFigures(instrument, values, account.leverage)
  const isPendingOrder = values.kind !== 'market'
  const orderType = orderTypeOf(values.side, values.kind)

  // the symbol chosen here or in the symbol list is the page's; the prices typed start over
  useEffect(() => {
    if (form.getValues('symbol') === symbol) return
    form.reset({ ...form.getValues(), symbol, price: '', stopLoss: '', takeProfit: '' })
  }, [form, symbol])

  const onSubmit = form.handleSubmit((checked) => {
    placeOrder.mutate(checked.input, {
      onSuccess: ({ position, order }) => {
        const volume = formatVolume(checked.order.volume)
        if (position) {
          toast.success(
            `Position opened: ${position.side} ${volume} ${symbol} at ${formatPrice(instrument, position.openPrice)}.`,
          )
        } else if (order) {
          toast.success(
            `Order placed: ${orderTypeLabel(order.type)} ${volume} ${symbol} at ${formatPrice(instrument, order.price)}.`,
          )
        }
        form.reset({ ...form.getValues(), price: '', stopLoss: '', takeProfit: '' })
      },
      onError: (error) => {
        const refused = serverErrorsOf(error, ['symbol', ...ticketFields])
        for (const [field, message] of Object.entries(refused.fields)) {
          form.setError(field as keyof TicketValues, { type: 'server', message })
        }
        if (refused.form) form.setError('root.server', { type: 'server', message: refused.form })
      },
    })
  })

  const quote = figures.quote
  const spread = quote ? quote.ask - quote.bid : null

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="pb-3 sm:pb-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={headingId}>New order</CardTitle>
          <div className="flex items-center gap-2">
            <Badge variant="warning">{account.platformLabel}</Badge>
            <Badge variant={isOpen ? 'profit' : 'neutral'}>
              {isOpen ? 'Market open' : 'Market closed'}
            </Badge>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {!isTradable ? (
          <Alert className="mb-4">
            <p>
              {account.status === 'provisioning'
                ? messages.trading.accountProvisioning
                : tradingMessages.tradingDisabled}
            </p>
          </Alert>
        ) : null}
        <form noValidate onSubmit={onSubmit}>
          <fieldset disabled={!isTradable} className="grid min-w-0 gap-4">
            <Controller
              control={form.control}
              name="symbol"
              render={({ field }) => (
                <Select
                  value={field.value}
                  // the page's symbol changes, and with it this field (the effect above)
                  onValueChange={onSymbolChange}
                  disabled={!isTradable}
                >
                  <FormField label="Symbol" error={errors.symbol?.message}>
                    <SelectTrigger onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                  </FormField>
                  <SelectContent>
                    {instruments.map((option) => (
                      <SelectItem key={option.symbol} value={option.symbol}>
                        {option.symbol}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />

            <dl className="grid grid-cols-2 gap-2 text-center">
              <div className="rounded-lg bg-surface-2 p-2">
                <dt className="text-xs text-muted-foreground">Sell (bid)</dt>
                <dd className="font-mono text-lg font-semibold text-loss tabular-nums">
                  {quote ? formatPrice(instrument, quote.bid) : '-'}
                </dd>
              </div>
              <div className="rounded-lg bg-surface-2 p-2">
                <dt className="text-xs text-muted-foreground">Buy (ask)</dt>
                <dd className="font-mono text-lg font-semibold text-profit tabular-nums">
                  {quote ? formatPrice(instrument, quote.ask) : '-'}
                </dd>
              </div>
              {spread !== null ? (
                <div className="col-span-2 text-xs text-muted-foreground">
                  <dt className="inline">Spread </dt>
                  <dd className="inline font-mono tabular-nums">{spread} points</dd>
                </div>
              ) : null}
            </dl>

            <SegmentedRadio
              legend="Side"
              options={sideOptions}
              registration={form.register('side')}
            />
            <SegmentedRadio
              legend="Order type"
              options={kindOptions}
              registration={form.register('kind')}
            />

            {isPendingOrder ? (
              <FormField
                label="Price"
                error={errors.price?.message}
                hint={`${orderTypeLabel(orderType)}: ${instrument.digits} decimals`}
              >
                <Input inputMode="decimal" autoComplete="off" {...form.register('price')} />
              </FormField>
            ) : null}

            <FormField
              label="Volume (lots)"
              error={errors.volume?.message}
              hint={`${formatVolume(limits.min)} to ${formatVolume(limits.max)} lots`}
            >
              <Input inputMode="decimal" autoComplete="off" {...form.register('volume')} />
            </FormField>

            <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
              <FormField label="Stop loss" error={errors.stopLoss?.message} hint="Optional">
                <Input inputMode="decimal" autoComplete="off" {...form.register('stopLoss')} />
              </FormField>
              <FormField label="Take profit" error={errors.takeProfit?.message} hint="Optional">
                <Input inputMode="decimal" autoComplete="off" {...form.register('takeProfit')} />
              </FormField>
            </div>

            <dl className="grid grid-cols-2 gap-x-3 gap-y-2 rounded-lg border border-border p-3 text-sm">
              <dt className="text-muted-foreground">Required margin</dt>
              <dd className="text-right font-mono tabular-nums">
                {figures.margin === null ? '-' : money(figures.margin)}
              </dd>
              <dt className="text-muted-foreground">Pip value</dt>
              <dd className="text-right font-mono tabular-nums">
                {figures.pip === null ? '-' : money(figures.pip)}
              </dd>
              <dt className="text-muted-foreground">Commission</dt>
              <dd className="text-right font-mono tabular-nums">
                {figures.commission === null ? '-' : money(Math.abs(figures.commission))}
              </dd>
              <dt className="text-muted-foreground">Leverage</dt>
              <dd className="text-right font-mono tabular-nums">
                1:{effectiveLeverage(instrument, account.leverage)}
              </dd>
              <dt className="text-muted-foreground">Free margin</dt>
              <dd className="text-right font-mono tabular-nums">
                {money(state.figures.freeMargin)}
              </dd>
            </dl>

            {errors.root?.server?.message ? (
              <Alert variant="error">
                <p>{errors.root.server.message}</p>
              </Alert>
            ) : null}

            <Button
              type="submit"
              isPending={placeOrder.isPending}
              className={cn(
                'w-full',
                values.side === 'sell' &&
                  'bg-destructive-strong text-white hover:bg-destructive-strong/90',
              )}
            >
              Place {orderTypeLabel(orderType)} order
            </Button>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  )
}
