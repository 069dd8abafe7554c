import { useState } from 'react'
import type { PayoutEligibilityDto, PayoutMethod } from '@tp/api/payouts'
import { PayoutConditions } from '@/components/payout-conditions'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useNow } from '@/hooks/use-now'
import { notify } from '@/lib/notify'
import { useRequestPayout } from '../api/payouts-api'
import { countdown, describeError, money } from './format'

/** One funded account: every condition with its figures, the countdown, the amount, the request. */
export function EligibilityCard({
  eligibility,
  methods,
  canRequest,
  blocker,
}: {
  eligibility: PayoutEligibilityDto
  methods: PayoutMethod[]
  canRequest: boolean
  blocker: string | null
}) {
  const now = useNow()
  const [methodId, setMethodId] = useState('')
  const request = useRequestPayout()
  const left = eligibility.nextEligibleAt ? countdown(eligibility.nextEligibleAt, now) : null
  const { amount } = eligibility
  const selected = methodId || methods[0]?.id || ''

  return (
    <Card data-testid="payout-eligibility" data-account-id={eligibility.accountId}>
      <CardHeader>
        <CardTitle>Funded account payout</CardTitle>
        <CardDescription>
          {eligibility.isEligible
            ? 'Every condition is met: you can request a payout.'
            : left
              ? `Next eligible in ${left}`
              : 'Some conditions are not met yet.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <PayoutConditions conditions={eligibility.conditions} label="Payout conditions" />
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:max-w-sm">
          <dt className="text-muted-foreground">Profit</dt>
          <dd className="text-right">{money(amount.profitCents)}</dd>
          <dt className="text-muted-foreground">Your share ({amount.splitPercent}%)</dt>
          <dd className="text-right">{money(amount.traderShareCents)}</dd>
          {amount.feeRefundCents > 0 && (
            <>
              <dt className="text-muted-foreground">Fee refund</dt>
              <dd className="text-right">{money(amount.feeRefundCents)}</dd>
            </>
          )}
          <dt className="font-semibold">You receive</dt>
          <dd className="text-right font-semibold" data-testid="payout-amount">
            {money(amount.totalCents)}
          </dd>
        </dl>
        {eligibility.isEligible && blocker && <Alert variant="info">{blocker}</Alert>}
        {eligibility.isEligible && canRequest && (
          <form
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault()
              request.mutate(
                { accountId: eligibility.accountId, methodId: selected },
                {
                  onSuccess: () => notify('success', 'Payout requested: it is under review.'),
                  onError: (error) => notify('error', describeError(error)),
                },
              )
            }}
          >
            <label className="grid gap-2 text-sm">
              <span className="font-medium">Pay to</span>
              <select
                className="h-10 rounded-md border border-border bg-surface px-3"
                value={selected}
                onChange={(event) => setMethodId(event.target.value)}
              >
                {methods.map((method) => (
                  <option key={method.id} value={method.id}>
                    {method.label}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" disabled={request.isPending || !selected}>
              Request {money(amount.totalCents)}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  )
}
