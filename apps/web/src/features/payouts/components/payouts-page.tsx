import { payoutMessages } from '@tp/api/payouts'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { getErrorMessage } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import {
  useAcceptAgreement,
  useAgreement,
  useIdentityCheck,
  usePayoutEligibility,
  usePayoutHistory,
  usePayoutMethods,
} from '../api/payouts-api'
import { EligibilityCard } from './eligibility-card'
import { IdentityForm } from './identity-form'
import { PayoutHistory } from './payout-history'
import { PayoutMethodsCard } from './payout-methods-card'

/** /user/payouts: eligibility with countdown, request, identity check, agreement, methods, history. */
export function PayoutsPage() {
  const eligibility = usePayoutEligibility()
  const history = usePayoutHistory()
  const methods = usePayoutMethods()
  const identity = useIdentityCheck()
  const agreement = useAgreement()
  const accept = useAcceptAgreement()

  const queries = [eligibility, history, methods, identity, agreement]
  const failed = queries.find((q) => q.isError)
  if (failed) {
    return (
      <Alert variant="error">
        Could not load your payouts: {getErrorMessage(failed.error)}{' '}
        <Button variant="link" onClick={() => queries.forEach((q) => void q.refetch())}>
          Try again
        </Button>
      </Alert>
    )
  }
  if (queries.some((q) => q.isPending)) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label="Loading payouts">
        <Skeleton className="h-48" />
        <Skeleton className="h-32" />
      </div>
    )
  }

  const accounts = eligibility.data!.accounts
  const savedMethods = methods.data!.methods
  const check = identity.data!
  const isAgreed = agreement.data!.acceptedAt !== null
  const blocker =
    check.status === 'none'
      ? payoutMessages.identityRequired
      : check.status === 'rejected'
        ? payoutMessages.identityRejected
        : !isAgreed
          ? payoutMessages.agreementRequired
          : savedMethods.length === 0
            ? 'Save a payout method first.'
            : null

  return (
    <div className="grid gap-6">
      {accounts.length === 0 ? (
        <EmptyState
          title="No funded account yet"
          description="Pass both phases of a Two Phase challenge, or buy Instant Funding, to request payouts."
        />
      ) : (
        accounts.map((account) => (
          <EligibilityCard
            key={account.accountId}
            eligibility={account}
            methods={savedMethods}
            canRequest={blocker === null}
            blocker={blocker}
          />
        ))
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <IdentityForm identity={check} />
        <Card>
          <CardHeader>
            <CardTitle>Funded-trader agreement</CardTitle>
            <CardDescription>
              Version {agreement.data!.version}.{' '}
              {isAgreed
                ? `Accepted on ${new Date(agreement.data!.acceptedAt!).toLocaleString('en-US')}.`
                : 'Read and accept it before your first payout.'}
            </CardDescription>
          </CardHeader>
          {!isAgreed && (
            <CardContent className="grid gap-3 text-sm">
              <p>
                You trade a simulated account; payouts are rewards paid from the firm&apos;s own
                funds under the rules of your plan. Breaking a rule, or trading in a prohibited way
                (HFT, martingale, grid), voids the reward. Payouts are reviewed before they are
                paid.
              </p>
              <div>
                <Button
                  disabled={accept.isPending}
                  onClick={() =>
                    accept.mutate(undefined, {
                      onError: (error) => notify('error', getErrorMessage(error)),
                    })
                  }
                >
                  I accept the agreement
                </Button>
              </div>
            </CardContent>
          )}
        </Card>
      </div>
      <PayoutMethodsCard methods={savedMethods} />
      <Card>
        <CardHeader>
          <CardTitle>Payout history</CardTitle>
        </CardHeader>
        <CardContent>
          <PayoutHistory payouts={history.data!.payouts} />
        </CardContent>
      </Card>
    </div>
  )
}
