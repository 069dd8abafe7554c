import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, type ReactNode } from 'react'
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'
import { toast } from '@/lib/toast'
import type { PendingOrderDto, PositionDto } from '@tp/api'
import { closingPrice, formatPrice, formatVolume, getInstrument } from '@tp/domain'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { serverErrorsOf } from '@/lib/server-errors'
import {
  partialCloseFormSchema,
  useClosePosition,
  type ClosePositionInput,
  type CloseValues,
} from '../api/close-position'
import {
  modifyOrderFormSchema,
  orderFields,
  useModifyOrder,
  type ModifyOrderInput,
  type OrderFieldValues,
} from '../api/modify-order'
import {
  modifyPositionFormSchema,
  stopsFields,
  useModifyPosition,
  type ModifyPositionInput,
  type StopsValues,
} from '../api/modify-position'
import { useQuote, useQuoteStore } from '../hooks/use-quotes'

/** Puts a refused request's messages on the fields they name, the rest on the form. */
function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  error: unknown,
  fields: readonly Path<T>[],
) {
  const refused = serverErrorsOf(error, fields)
  for (const [field, message] of Object.entries(refused.fields)) {
    form.setError(field as Path<T>, { type: 'server', message: message as string })
  }
  if (refused.form) form.setError('root.server', { type: 'server', message: refused.form })
}

type TradeDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  formError: string | undefined
  isPending: boolean
  submitLabel: string
  onSubmit: () => void
  children: ReactNode
}

function TradeDialog({
  open,
  onOpenChange,
  title,
  description,
  formError,
  isPending,
  submitLabel,
  onSubmit,
  children,
}: TradeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            onSubmit()
          }}
        >
          {children}
          {formError ? (
            <Alert variant="error">
              <p>{formError}</p>
            </Alert>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" isPending={isPending}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function LivePrice({ symbol, side }: { symbol: string; side: 'buy' | 'sell' }) {
  const quote = useQuote(symbol)
  if (!quote) return null
  return (
    <>
      {' '}
      It would close at{' '}
      <span className="font-mono tabular-nums">
        {formatPrice(getInstrument(symbol), closingPrice(side, quote))}
      </span>{' '}
      now.
    </>
  )
}

type DialogProps<T> = {
  accountId: string
  item: T
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Sets or removes a position's stop loss and take profit. */
export function ModifyPositionDialog({
  accountId,
  item: position,
  open,
  onOpenChange,
}: DialogProps<PositionDto>) {
  const instrument = getInstrument(position.symbol)
  const store = useQuoteStore()
  const resolver = useMemo(
    () =>
      zodResolver(
        modifyPositionFormSchema(instrument, position.side, () => store.get(position.symbol)),
      ),
    [instrument, position.side, position.symbol, store],
  )
  const form = useForm<StopsValues, unknown, ModifyPositionInput>({
    resolver,
    defaultValues: {
      stopLoss: position.stopLoss === null ? '' : formatPrice(instrument, position.stopLoss),
      takeProfit: position.takeProfit === null ? '' : formatPrice(instrument, position.takeProfit),
    },
  })
  const modify = useModifyPosition(accountId)
  const { errors } = form.formState
  const submit = form.handleSubmit((body) =>
    modify.mutate(
      { positionId: position.id, body },
      {
        onSuccess: () => {
          toast.success(`Stop loss and take profit of ${position.symbol} #${position.id} saved.`)
          onOpenChange(false)
        },
        onError: (error) => showServerErrors(form, error, stopsFields),
      },
    ),
  )
  return (
    <TradeDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Modify ${position.symbol} #${position.id}`}
      description={
        <>
          {position.side === 'buy' ? 'Buy' : 'Sell'} {formatVolume(position.volume)} lots opened at{' '}
          {formatPrice(instrument, position.openPrice)}. Leave a level empty to remove it.
          <LivePrice symbol={position.symbol} side={position.side} />
        </>
      }
      formError={errors.root?.server?.message}
      isPending={modify.isPending}
      submitLabel="Save"
      onSubmit={() => void submit()}
    >
      <FormField label="Stop loss" error={errors.stopLoss?.message}>
        <Input inputMode="decimal" autoComplete="off" {...form.register('stopLoss')} />
      </FormField>
      <FormField label="Take profit" error={errors.takeProfit?.message}>
        <Input inputMode="decimal" autoComplete="off" {...form.register('takeProfit')} />
      </FormField>
    </TradeDialog>
  )
}

/** Closes part of a position (or all of it) at market. */
export function PartialCloseDialog({
  accountId,
  item: position,
  open,
  onOpenChange,
}: DialogProps<PositionDto>) {
  const instrument = getInstrument(position.symbol)
  const resolver = useMemo(
    () => zodResolver(partialCloseFormSchema(instrument, position.volume)),
    [instrument, position.volume],
  )
  const form = useForm<CloseValues, unknown, ClosePositionInput>({
    resolver,
    defaultValues: { volume: formatVolume(position.volume) },
  })
  const close = useClosePosition(accountId)
  const { errors } = form.formState
  const submit = form.handleSubmit((body) =>
    close.mutate(
      { positionId: position.id, body },
      {
        onSuccess: () => {
          toast.success(
            body.volume
              ? `Closed ${body.volume} lots of ${position.symbol} #${position.id}.`
              : `Closed ${position.symbol} #${position.id}.`,
          )
          onOpenChange(false)
        },
        onError: (error) => showServerErrors(form, error, ['volume']),
      },
    ),
  )
  return (
    <TradeDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Close part of ${position.symbol} #${position.id}`}
      description={
        <>
          The position holds {formatVolume(position.volume)} lots; the rest stays open at its open
          price.
          <LivePrice symbol={position.symbol} side={position.side} />
        </>
      }
      formError={errors.root?.server?.message}
      isPending={close.isPending}
      submitLabel="Close volume"
      onSubmit={() => void submit()}
    >
      <FormField label="Volume to close (lots)" error={errors.volume?.message}>
        <Input inputMode="decimal" autoComplete="off" {...form.register('volume')} />
      </FormField>
    </TradeDialog>
  )
}

/** Moves a pending order's price, stop loss and take profit. */
export function ModifyOrderDialog({
  accountId,
  item: order,
  open,
  onOpenChange,
}: DialogProps<PendingOrderDto>) {
  const instrument = getInstrument(order.symbol)
  const store = useQuoteStore()
  const resolver = useMemo(
    () => zodResolver(modifyOrderFormSchema(instrument, order.type, () => store.get(order.symbol))),
    [instrument, order.type, order.symbol, store],
  )
  const form = useForm<OrderFieldValues, unknown, ModifyOrderInput>({
    resolver,
    defaultValues: {
      price: formatPrice(instrument, order.price),
      stopLoss: order.stopLoss === null ? '' : formatPrice(instrument, order.stopLoss),
      takeProfit: order.takeProfit === null ? '' : formatPrice(instrument, order.takeProfit),
    },
  })
  const modify = useModifyOrder(accountId)
  const quote = useQuote(order.symbol)
  const { errors } = form.formState
  const submit = form.handleSubmit((body) =>
    modify.mutate(
      { orderId: order.id, body },
      {
        onSuccess: () => {
          toast.success(`Order ${order.symbol} #${order.id} saved.`)
          onOpenChange(false)
        },
        onError: (error) => showServerErrors(form, error, orderFields),
      },
    ),
  )
  return (
    <TradeDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Modify order ${order.symbol} #${order.id}`}
      description={
        <>
          {order.type.startsWith('buy') ? 'Buy' : 'Sell'}{' '}
          {order.type.endsWith('limit') ? 'limit' : 'stop'} {formatVolume(order.volume)} lots.
          {quote ? (
            <>
              {' '}
              Bid {formatPrice(instrument, quote.bid)}, ask {formatPrice(instrument, quote.ask)}.
            </>
          ) : null}
        </>
      }
      formError={errors.root?.server?.message}
      isPending={modify.isPending}
      submitLabel="Save"
      onSubmit={() => void submit()}
    >
      <FormField label="Price" error={errors.price?.message}>
        <Input inputMode="decimal" autoComplete="off" {...form.register('price')} />
      </FormField>
      <FormField label="Stop loss" error={errors.stopLoss?.message}>
        <Input inputMode="decimal" autoComplete="off" {...form.register('stopLoss')} />
      </FormField>
      <FormField label="Take profit" error={errors.takeProfit?.message}>
        <Input inputMode="decimal" autoComplete="off" {...form.register('takeProfit')} />
      </FormField>
    </TradeDialog>
  )
}
