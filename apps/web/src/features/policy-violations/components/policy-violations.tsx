import { policyMessages } from '@tp/api/policy-violations'
import { utcInstant, ViolationsPanel } from '@/components/violations-panel'
import { usePolicyViolations } from '../api/policy-violations'

/**
 * The account's firm-policy violations on a real MetaTrader server (decision 0045) with their
 * evidence (position, volume, cap, time) and what the firm did. `hideWhenEmpty`: the trader's
 * dashboard shows the section only when there is one.
 */
export function PolicyViolations({
  accountId,
  hideWhenEmpty = false,
}: {
  accountId: string
  hideWhenEmpty?: boolean
}) {
  return (
    <ViolationsPanel
      query={usePolicyViolations(accountId)}
      name="policy-violations"
      accountId={accountId}
      title="Trading rule violations"
      emptyText="No position of this account broke the firm’s lot cap, weekend or market-hours rules."
      hideWhenEmpty={hideWhenEmpty}
      renderItem={(v) => (
        <>
          <span className="font-medium">
            {policyMessages.ruleLabel[v.rule]}: {v.symbol} {v.side} {v.volume} lots
            {v.limitVolume === null ? '' : ` (at most ${v.limitVolume})`}
          </span>
          <span className="text-muted-foreground">
            Opened {utcInstant(v.tradeTime)} · position {v.positionId} ·{' '}
            {policyMessages.actionLabel[v.action]}
          </span>
        </>
      )}
    />
  )
}
