import { ArrowRight } from 'lucide-react'
import { useId } from 'react'
import { messages, type AccountState, type BreachEvidence } from '@tp/api'
import { platformMessages } from '@tp/api/trading-platform'
import { formatVolume, nextPlanKey, parsePlanKey, stageLabels } from '@tp/domain'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { cn } from '@/lib/utils'
import { dateTime, money, price, profitClass, signedMoney } from '../utils/format'
import { ruleLabel } from '../utils/limits'

/** What was kept of a breach: the rule, the breaching snapshot and the positions open then. */
export function BreachEvidenceDetails({ breach }: { breach: BreachEvidence }) {
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {[
          ['Rule', ruleLabel(breach.rule)],
          ['Time', dateTime(breach.t)],
          ['Equity', money(breach.equity)],
          ['Floor', money(breach.floor)],
          ['Balance', money(breach.balance)],
          ['Rulebook version', breach.rulebookVersion],
          ['Plan', breach.planKey],
        ].map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-mono text-sm tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Positions open at the breach</h3>
        {breach.openPositions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No position was open.</p>
        ) : (
          <Table>
            <TableCaption className="sr-only">Positions open at the breach</TableCaption>
            <TableHeader>
              <TableRow>
                {['Symbol', 'Side', 'Volume', 'Open price', 'Price then', 'Profit then'].map(
                  (column) => (
                    <TableHead key={column}>{column}</TableHead>
                  ),
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {breach.openPositions.map((position) => (
                <TableRow key={position.id}>
                  <TableCell className="font-semibold">{position.symbol}</TableCell>
                  <TableCell>{position.side}</TableCell>
                  <TableCell className="font-mono tabular-nums">
                    {formatVolume(position.volume)}
                  </TableCell>
                  <TableCell className="font-mono tabular-nums">
                    {price(position.symbol, position.openPrice)}
                  </TableCell>
                  <TableCell className="font-mono tabular-nums">
                    {price(position.symbol, position.currentPrice)}
                  </TableCell>
                  <TableCell className={cn('font-mono tabular-nums', profitClass(position.profit))}>
                    {signedMoney(position.profit)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
    </div>
  )
}

type AccountStatusProps = {
  state: AccountState
  /** switches the terminal to another of the trader's accounts */
  onSwitchAccount: (accountId: string) => void
}

/**
 * What the account's lifecycle means for the trader: a failed account's breach evidence, a
 * passed account's way to the next stage, why a read-only account cannot trade. Nothing for an
 * active account.
 */
export function AccountStatus({ state, onSwitchAccount }: AccountStatusProps) {
  const { account, breach, nextAccountId } = state
  const failedHeadingId = useId()

  if (account.status === 'failed') {
    return (
      <Card role="region" aria-labelledby={failedHeadingId} className="border-loss/60">
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle id={failedHeadingId}>This account failed</CardTitle>
            <Badge variant="loss">Trading disabled</Badge>
          </div>
          <CardDescription>
            {breach
              ? messages.trading.breached(ruleLabel(breach.rule))
              : messages.trading.accountNotTradable}
          </CardDescription>
        </CardHeader>
        {breach ? (
          <CardContent>
            <BreachEvidenceDetails breach={breach} />
          </CardContent>
        ) : null}
      </Card>
    )
  }

  if (account.status === 'passed') {
    const next = nextPlanKey(account.planKey)
    const nextStage = next ? stageLabels[parsePlanKey(next).stage] : null
    return (
      <Alert variant="success">
        <p className="font-semibold">You passed {stageLabels[account.stage]} of this challenge.</p>
        {nextAccountId ? (
          <Button className="mt-2" size="sm" onClick={() => onSwitchAccount(nextAccountId)}>
            Go to your {nextStage ?? 'next'} account
            <ArrowRight aria-hidden className="size-4" />
          </Button>
        ) : (
          <p className="mt-1 text-muted-foreground">{messages.trading.passed}</p>
        )}
      </Alert>
    )
  }

  if (account.status === 'provisioning') {
    return (
      <Alert>
        <p>{messages.trading.accountProvisioning}</p>
      </Alert>
    )
  }

  if (account.status === 'suspended') {
    return (
      <Alert variant="error">
        <p>{messages.trading.suspended}</p>
      </Alert>
    )
  }

  if (account.status === 'active' && account.isTerminalTrading === false) {
    return (
      <Alert>
        <p>{platformMessages.tradesInMetaTrader(account.platformLabel, account.server)}</p>
      </Alert>
    )
  }

  if (account.isReadOnly || !account.isTradingEnabled) {
    return (
      <Alert>
        <p>{messages.trading.accountNotTradable}</p>
        {nextAccountId ? (
          <Button
            className="mt-2"
            size="sm"
            variant="outline"
            onClick={() => onSwitchAccount(nextAccountId)}
          >
            Go to the account that replaced it
            <ArrowRight aria-hidden className="size-4" />
          </Button>
        ) : null}
      </Alert>
    )
  }

  return null
}
