import { useEffect, useState } from 'react'
import { ADMIN_REASON_MAX, ADMIN_REASON_MIN } from '@tp/api/admin-reason'
import { payoutStatusLabels, type PayoutStatus, type ReviewDecision } from '@tp/api/payouts'
import { formatMoney, usd } from '@tp/domain/money'
import { AdminReasonField } from '@/components/admin-reason-field'
import { PayoutConditions } from '@/components/payout-conditions'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { useAdminReason } from '@/hooks/use-admin-reason'
import { getErrorMessage } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import {
  fetchIdentityImage,
  useMarkLateBonusPaid,
  useMarkPaid,
  usePayoutQueue,
  usePendingIdentityChecks,
  useReviewIdentity,
  useReviewPayout,
} from '../api/admin-payouts-api'
import { DownloadCsvButton, filterQuery } from '@/components/download-csv-button'
import { useCanAdminAct } from '@/lib/admin-role'

const money = (cents: number) => formatMoney(usd(cents))
const label = (status: string) =>
  status === 'late_bonus'
    ? 'Late bonus added'
    : (payoutStatusLabels[status as PayoutStatus] ?? status)

function IdentityImage({ path, alt }: { path: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null)
  const [error, setError] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    let made: string | null = null
    fetchIdentityImage(path, controller.signal)
      .then((objectUrl) => {
        made = objectUrl
        setUrl(objectUrl)
      })
      .catch(() => setError(true))
    return () => {
      controller.abort()
      if (made) URL.revokeObjectURL(made)
    }
  }, [path])
  if (error) return <p className="text-xs text-loss">Could not load {alt}.</p>
  if (!url) return <Skeleton className="size-32" />
  return (
    <img src={url} alt={alt} className="max-h-48 rounded-md border border-border object-contain" />
  )
}

/**
 * Approve or reject, each with the reason (decision 0055): checked by the server's schema, kept
 * in the audit log; a rejection's reason is the one the trader is told.
 */
function ReviewWithReason({
  approveLabel,
  onDecide,
  isPending,
}: {
  approveLabel: string
  onDecide: (decision: ReviewDecision) => void
  isPending: boolean
}) {
  const reasonField = useAdminReason()
  const decide = (decision: ReviewDecision['decision']) => {
    const reason = reasonField.submit()
    if (reason !== null) onDecide({ decision, reason })
  }
  return (
    <div className="grid gap-2">
      <AdminReasonField
        reason={reasonField}
        label="Reason for the decision"
        hint={`Kept in the audit log; a rejection's reason is sent to the trader. ${ADMIN_REASON_MIN}-${ADMIN_REASON_MAX} characters.`}
      />
      <div className="flex flex-wrap gap-2">
        <Button disabled={isPending} onClick={() => decide('approve')}>
          {approveLabel}
        </Button>
        <Button variant="destructive" disabled={isPending} onClick={() => decide('reject')}>
          Reject
        </Button>
      </div>
    </div>
  )
}

function IdentityReviews() {
  const checks = usePendingIdentityChecks()
  const review = useReviewIdentity()
  const canAct = useCanAdminAct()
  const onError = (error: unknown) => notify('error', getErrorMessage(error))
  if (checks.isError) return <Alert variant="error">{getErrorMessage(checks.error)}</Alert>
  if (checks.isPending) return <Skeleton className="h-24" />
  if (checks.data.checks.length === 0) {
    return <p className="text-sm text-muted-foreground">No identity check is waiting.</p>
  }
  return (
    <ul className="grid gap-4">
      {checks.data.checks.map((check) => (
        <li
          key={check.id}
          className="grid gap-3 rounded-lg border border-border p-4"
          data-testid="identity-review"
        >
          <p className="text-sm">
            <span className="font-semibold">{check.legalName}</span> · {check.email} · born{' '}
            {check.dateOfBirth} · {check.country}
          </p>
          <div className="flex flex-wrap gap-3">
            <IdentityImage path={check.documentUrl} alt={`ID document of ${check.legalName}`} />
            <IdentityImage path={check.selfieUrl} alt={`Selfie of ${check.legalName}`} />
          </div>
          {canAct ? (
            <ReviewWithReason
              approveLabel="Approve identity"
              isPending={review.isPending}
              onDecide={(decision) =>
                review.mutate({ checkId: check.id, ...decision }, { onError })
              }
            />
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** A reference typed by the admin (a wire's, a bonus payment's), then one button. */
function ReferenceForm({
  label,
  action,
  isPending,
  onSubmit,
}: {
  label: string
  action: string
  isPending: boolean
  onSubmit: (reference: string) => void
}) {
  const [reference, setReference] = useState('')
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row"
      onSubmit={(event) => {
        event.preventDefault()
        if (reference.trim()) onSubmit(reference.trim())
      }}
    >
      <Input
        aria-label={label}
        placeholder={label}
        value={reference}
        onChange={(event) => setReference(event.target.value)}
      />
      <Button type="submit" disabled={isPending}>
        {action}
      </Button>
    </form>
  )
}

function PayoutQueue() {
  const [status, setStatus] = useState<'open' | 'all'>('open')
  const queue = usePayoutQueue(status)
  const review = useReviewPayout()
  const markPaid = useMarkPaid()
  const markBonusPaid = useMarkLateBonusPaid()
  // a support user sees the queue read-only (decision 0036): no approve, reject or mark paid
  const canAct = useCanAdminAct()
  const onError = (error: unknown) => notify('error', getErrorMessage(error))

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <label className="flex items-center gap-2 text-sm">
          <span>Show</span>
          <select
            className="h-9 rounded-md border border-border bg-surface px-2"
            value={status}
            onChange={(event) => setStatus(event.target.value as 'open' | 'all')}
          >
            <option value="open">Open requests</option>
            <option value="all">All payouts</option>
          </select>
        </label>
        <DownloadCsvButton
          path={`/admin/exports/payouts.csv${filterQuery({ status })}`}
          fallbackName="payouts.csv"
        />
      </div>
      {queue.isError ? (
        <Alert variant="error">{getErrorMessage(queue.error)}</Alert>
      ) : queue.isPending ? (
        <Skeleton className="h-32" />
      ) : queue.data.payouts.length === 0 ? (
        <EmptyState
          title="No payout requests"
          description="Requests appear here as traders make them."
        />
      ) : (
        <ul className="grid gap-4">
          {queue.data.payouts.map((payout) => (
            <li
              key={payout.id}
              className="grid gap-3 rounded-lg border border-border p-4"
              data-testid="admin-payout"
              data-status={payout.status}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">
                  {money(payout.totalCents)} · {payout.email}
                </span>
                <Badge
                  variant={
                    payout.status === 'paid'
                      ? 'profit'
                      : payout.status === 'rejected'
                        ? 'loss'
                        : 'warning'
                  }
                >
                  {label(payout.status)}
                </Badge>
              </div>
              <p className="text-sm break-all text-muted-foreground">
                Account {payout.accountLogin ?? payout.accountId} · {payout.methodLabel} · identity{' '}
                {payout.identityStatus} · share {money(payout.traderShareCents)} (
                {payout.splitPercent}%)
                {payout.feeRefundCents > 0 ? ` + fee refund ${money(payout.feeRefundCents)}` : ''}
                {payout.lateBonusCents > 0 ? ` + late bonus ${money(payout.lateBonusCents)}` : ''}
              </p>
              <PayoutConditions
                conditions={payout.evidence}
                label="Eligibility evidence, recomputed now"
                size="xs"
              />
              {canAct && payout.status === 'under_review' && (
                <ReviewWithReason
                  approveLabel="Approve payout"
                  isPending={review.isPending}
                  onDecide={(decision) =>
                    review.mutate({ payoutId: payout.id, ...decision }, { onError })
                  }
                />
              )}
              {payout.status === 'requested' && (
                <p className="text-xs text-muted-foreground">
                  Waiting for the trader&apos;s identity check.
                </p>
              )}
              {canAct && payout.status === 'approved' && payout.methodKind === 'bank' && (
                <ReferenceForm
                  label="Wire reference"
                  action="Mark paid"
                  isPending={markPaid.isPending}
                  onSubmit={(reference) =>
                    markPaid.mutate({ payoutId: payout.id, reference }, { onError })
                  }
                />
              )}
              {canAct && payout.lateBonusOwedCents > 0 && (
                <div className="grid gap-2" data-testid="late-bonus-owed">
                  <Alert variant="info">
                    Late bonus {money(payout.lateBonusOwedCents)} to be paid: it fell due after the
                    payout was sent, so it was not part of it. Pay it to {payout.methodLabel} and
                    record the payment&apos;s reference.
                  </Alert>
                  <ReferenceForm
                    label="Bonus payment reference"
                    action="Mark bonus paid"
                    isPending={markBonusPaid.isPending}
                    onSubmit={(reference) =>
                      markBonusPaid.mutate({ payoutId: payout.id, reference }, { onError })
                    }
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** /admin/payouts: identity checks to review, and the payout queue. */
export function AdminPayoutsPage() {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Identity checks</CardTitle>
          <CardDescription>
            Documents load only for admins, through the authorised route.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <IdentityReviews />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Payout queue</CardTitle>
          <CardDescription>
            The eligibility evidence is recomputed by the server now.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PayoutQueue />
        </CardContent>
      </Card>
    </div>
  )
}
