import { ShieldAlert, ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import {
  messages,
  riskDeskSize,
  type FloorDistance,
  type RiskBreachRow,
  type RiskNearestRow,
} from '@tp/api'
import {
  challengeTypeLabels,
  formatMoney,
  stageLabels,
  usd,
  type ChallengeType,
  type PlanKey,
} from '@tp/domain'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { EmptyState } from '@/components/ui/empty-state'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
} from '@/components/ui/table'
import { paths } from '@/config/paths'
import type { StreamStatus } from '@/lib/stream-client'
import { useRiskView } from '../api/risk'
import { useRiskDeskLive } from '../hooks/use-risk-desk-live'
import { LoadError } from '@/components/load-error'

const money = (cents: number) => formatMoney(usd(cents))
const ruleLabels = messages.trading.ruleLabels

const streamLabels: Record<StreamStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline: showing the last figures received',
}

/** "Two Phase · Phase 1" */
function planLabel(planKey: PlanKey): string {
  const [challenge, stage] = planKey.split('.') as [ChallengeType, keyof typeof stageLabels]
  return `${challengeTypeLabels[challenge]} · ${stageLabels[stage]}`
}

/** "$3,000.00 (50%)": the distance to a floor and the share of its allowance left. */
function distanceText(distance: FloorDistance | null): string {
  return distance ? `${money(distance.distanceCents)} (${distance.leftPercent}%)` : '—'
}

function AccountCell({ row }: { row: RiskNearestRow | RiskBreachRow }) {
  const login = row.login ?? 'pending'
  return (
    <TableCell>
      <Link
        to={paths.admin.tradingAccount.getHref(row.accountId)}
        className="font-medium underline-offset-4 hover:underline"
        aria-label={`Account ${login}`}
      >
        {login}
      </Link>
      <div className="text-xs text-muted-foreground">
        {row.platform.toUpperCase()} · ${row.sizeK}K
      </div>
    </TableCell>
  )
}

function TraderCell({ row }: { row: RiskNearestRow | RiskBreachRow }) {
  return (
    <TableCell>
      <Link
        to={paths.admin.user.getHref(row.ownerId)}
        className="underline-offset-4 hover:underline"
      >
        {row.ownerName ?? row.ownerEmail}
      </Link>
      {row.ownerName ? <div className="text-xs text-muted-foreground">{row.ownerEmail}</div> : null}
    </TableCell>
  )
}

/**
 * The admin's live risk view (issue 14 item 6, decision 0038): the active accounts nearest to a
 * breach (the smallest share of a loss rule's allowance left) and the breaches of the last 24
 * hours with their evidence, first from GET /api/admin/risk, then live over the stream.
 */
export function RiskDesk() {
  const view = useRiskView()
  const live = useRiskDeskLive()

  if (view.isError) {
    return <LoadError error={view.error} onRetry={() => void view.refetch()} />
  }
  const data = view.data
  return (
    <div className="grid gap-8">
      <p className="flex items-center gap-2 text-sm" role="status">
        <span
          aria-hidden
          className={
            live.status === 'live'
              ? 'size-2 rounded-full bg-profit'
              : 'size-2 rounded-full bg-warning'
          }
        />
        <span>{streamLabels[live.status]}</span>
        {data ? (
          <span className="text-muted-foreground">
            · ranked at {new Date(data.nearest.at).toLocaleTimeString()}
          </span>
        ) : null}
      </p>
      {live.error ? <Alert variant="error">{live.error}</Alert> : null}

      <section aria-labelledby="risk-nearest-heading" className="grid gap-3">
        <div className="grid gap-1">
          <h2 id="risk-nearest-heading" className="text-lg font-semibold">
            Nearest to breach
          </h2>
          <p className="text-sm text-muted-foreground">
            {data
              ? `The ${Math.min(riskDeskSize, data.nearest.accounts.length)} of ${data.nearest.monitored.toLocaleString('en-US')} active accounts with the smallest share of a loss allowance left, updated as prices move.`
              : 'The active accounts with the smallest share of a loss allowance left.'}
          </p>
        </div>
        {data && data.nearest.accounts.length === 0 ? (
          <EmptyState
            icon={<ShieldCheck aria-hidden />}
            title="No active account to watch"
            description="Accounts appear here as soon as they trade under a loss rule."
          />
        ) : (
          <Table scrollLabel="Accounts nearest to breach" aria-busy={!data || undefined}>
            <TableCaption className="sr-only">
              Active accounts nearest to a breach, nearest first
            </TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Account</TableHead>
                <TableHead>Trader</TableHead>
                <TableHead>Plan</TableHead>
                <TableHead className="text-right">Equity</TableHead>
                <TableHead className="text-right">Daily floor</TableHead>
                <TableHead className="text-right">To daily floor</TableHead>
                <TableHead className="text-right">Max floor</TableHead>
                <TableHead className="text-right">To max floor</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data ? (
                data.nearest.accounts.map((row) => <NearestRow key={row.accountId} row={row} />)
              ) : (
                <TableSkeletonRows rows={5} columns={8} />
              )}
            </TableBody>
          </Table>
        )}
      </section>

      <section aria-labelledby="risk-breaches-heading" className="grid gap-3">
        <div className="grid gap-1">
          <h2 id="risk-breaches-heading" className="text-lg font-semibold">
            Breaches of the last 24 hours
          </h2>
          <p className="text-sm text-muted-foreground">
            Each with its evidence: the equity of the breaching snapshot and the floor it touched.
            New breaches appear here as they happen.
          </p>
        </div>
        {data && data.breaches.length === 0 ? (
          <EmptyState
            icon={<ShieldCheck aria-hidden />}
            title="No breach in the last 24 hours"
            description="A breach appears here the moment it is recorded."
          />
        ) : (
          <Table scrollLabel="Breaches of the last 24 hours" aria-busy={!data || undefined}>
            <TableCaption className="sr-only">
              Breaches of the last 24 hours, newest first
            </TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Time</TableHead>
                <TableHead>Account</TableHead>
                <TableHead>Trader</TableHead>
                <TableHead>Rule</TableHead>
                <TableHead className="text-right">Equity</TableHead>
                <TableHead className="text-right">Floor</TableHead>
                <TableHead className="text-right">Positions closed</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data ? (
                data.breaches.map((row) => <BreachRow key={row.accountId} row={row} />)
              ) : (
                <TableSkeletonRows rows={3} columns={7} />
              )}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  )
}

function NearestRow({ row }: { row: RiskNearestRow }) {
  const isClose = row.leftPercent <= 25
  return (
    <TableRow>
      <AccountCell row={row} />
      <TraderCell row={row} />
      <TableCell className="whitespace-nowrap">{planLabel(row.planKey)}</TableCell>
      <TableCell className="text-right tabular-nums">{money(row.equityCents)}</TableCell>
      <TableCell className="text-right tabular-nums">
        {row.dailyLoss ? money(row.dailyLoss.floorCents) : '—'}
      </TableCell>
      <TableCell className="text-right tabular-nums whitespace-nowrap">
        {distanceText(row.dailyLoss)}
        {row.nearest === 'dailyLoss' && isClose ? <NearBadge /> : null}
      </TableCell>
      <TableCell className="text-right tabular-nums">
        {row.maxLoss ? money(row.maxLoss.floorCents) : '—'}
      </TableCell>
      <TableCell className="text-right tabular-nums whitespace-nowrap">
        {distanceText(row.maxLoss)}
        {row.nearest === 'maxLoss' && isClose ? <NearBadge /> : null}
      </TableCell>
    </TableRow>
  )
}

function NearBadge() {
  return (
    <Badge variant="loss" className="ml-2">
      <ShieldAlert aria-hidden className="mr-1 size-3" />
      near
    </Badge>
  )
}

function BreachRow({ row }: { row: RiskBreachRow }) {
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">
        <time dateTime={row.t}>{new Date(row.t).toLocaleString()}</time>
      </TableCell>
      <AccountCell row={row} />
      <TraderCell row={row} />
      <TableCell className="whitespace-nowrap">
        <Badge variant="loss">{ruleLabels[row.rule]}</Badge>
        <div className="text-xs text-muted-foreground">{planLabel(row.planKey)}</div>
      </TableCell>
      <TableCell className="text-right tabular-nums">{money(row.equityCents)}</TableCell>
      <TableCell className="text-right tabular-nums">{money(row.floorCents)}</TableCell>
      <TableCell className="text-right tabular-nums">{row.openPositions}</TableCell>
    </TableRow>
  )
}
