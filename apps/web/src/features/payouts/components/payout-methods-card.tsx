import { useState } from 'react'
import { productCryptoCurrencies } from '@tp/api/crypto-currencies'
import type { PayoutMethod } from '@tp/api/payouts'
import { Alert } from '@/components/ui/alert'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { notify } from '@/lib/notify'
import { useRemovePayoutMethod, useSavePayoutMethod } from '../api/payouts-api'
import { describeError } from './format'

const selectClasses = 'h-10 rounded-md border border-border bg-surface px-3 text-sm'

/** The payout methods saved in the profile, and a form to add one (crypto or bank wire). */
export function PayoutMethodsCard({ methods }: { methods: PayoutMethod[] }) {
  const save = useSavePayoutMethod()
  const remove = useRemovePayoutMethod()
  const [removing, setRemoving] = useState<PayoutMethod | null>(null)
  const [removeError, setRemoveError] = useState<string | null>(null)
  const [kind, setKind] = useState<'crypto' | 'bank'>('crypto')
  const [currency, setCurrency] = useState('USDT')
  const [error, setError] = useState<string | null>(null)
  const coin = productCryptoCurrencies.find((c) => c.symbol === currency)

  return (
    <Card>
      <CardHeader>
        <CardTitle>Payout methods</CardTitle>
        <CardDescription>Where your payouts are sent.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {methods.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payout method saved yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Saved payout methods">
            {methods.map((method) => (
              <li key={method.id} className="flex items-center justify-between gap-3">
                <span className="min-w-0 break-all">{method.label}</span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Remove ${method.label}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    setRemoveError(null)
                    setRemoving(method)
                  }}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {removeError && <Alert variant="error">{removeError}</Alert>}
        <AlertDialog
          open={removing !== null}
          onOpenChange={(isOpen) => !isOpen && setRemoving(null)}
        >
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Remove this payout method?</AlertDialogTitle>
              <AlertDialogDescription className="break-all">
                {removing?.label} will no longer be offered for payouts. A payout already requested
                to it is still paid there.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Keep it</AlertDialogCancel>
              <AlertDialogAction
                onClick={async () => {
                  const method = removing
                  if (!method) return
                  try {
                    await remove.mutateAsync(method.id)
                    notify('success', `Payout method removed: ${method.label}`)
                  } catch (failure) {
                    setRemoveError(describeError(failure))
                  }
                }}
              >
                Remove
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
        <form
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={async (event) => {
            event.preventDefault()
            setError(null)
            const form = new FormData(event.currentTarget)
            const field = (name: string) => String(form.get(name) ?? '').trim()
            const input =
              kind === 'crypto'
                ? {
                    kind,
                    currency,
                    network: field('network') || undefined,
                    address: field('address'),
                    memo: field('memo') || undefined,
                  }
                : {
                    kind,
                    holderName: field('holderName'),
                    bankName: field('bankName'),
                    iban: field('iban') || undefined,
                    swift: field('swift') || undefined,
                    accountNumber: field('accountNumber') || undefined,
                  }
            try {
              await save.mutateAsync(input)
              notify('success', 'Payout method saved.')
              event.currentTarget?.reset()
            } catch (failure) {
              setError(describeError(failure))
            }
          }}
        >
          <label className="grid gap-2 text-sm">
            <span className="font-medium">Method</span>
            <select
              className={selectClasses}
              value={kind}
              onChange={(event) => setKind(event.target.value as 'crypto' | 'bank')}
            >
              <option value="crypto">Crypto</option>
              <option value="bank">Bank wire</option>
            </select>
          </label>
          {kind === 'crypto' ? (
            <>
              <label className="grid gap-2 text-sm">
                <span className="font-medium">Currency</span>
                <select
                  className={selectClasses}
                  value={currency}
                  onChange={(event) => setCurrency(event.target.value)}
                >
                  {productCryptoCurrencies.map((c) => (
                    <option key={c.symbol} value={c.symbol}>
                      {c.symbol} ({c.name})
                    </option>
                  ))}
                </select>
              </label>
              {coin && coin.networks.length > 1 && (
                <label className="grid gap-2 text-sm">
                  <span className="font-medium">Network</span>
                  <select name="network" className={selectClasses}>
                    {coin.networks.map((network) => (
                      <option key={network.code} value={network.code}>
                        {network.code}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <FormField label="Address">
                <Input name="address" required autoComplete="off" spellCheck={false} />
              </FormField>
              <FormField label="Memo / tag (if your wallet needs one)">
                <Input name="memo" autoComplete="off" />
              </FormField>
            </>
          ) : (
            <>
              <FormField label="Account holder">
                <Input name="holderName" required autoComplete="name" />
              </FormField>
              <FormField label="Bank name">
                <Input name="bankName" required />
              </FormField>
              <FormField label="IBAN" hint="Or an account number with a SWIFT code">
                <Input name="iban" autoComplete="off" />
              </FormField>
              <FormField label="SWIFT / BIC">
                <Input name="swift" autoComplete="off" />
              </FormField>
              <FormField label="Account number">
                <Input name="accountNumber" autoComplete="off" />
              </FormField>
            </>
          )}
          {error && (
            <Alert variant="error" className="sm:col-span-2">
              {error}
            </Alert>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" variant="outline" disabled={save.isPending}>
              Save payout method
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
