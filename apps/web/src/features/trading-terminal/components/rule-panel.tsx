import { DateTime } from 'luxon'
import { useId } from 'react'
import type { AccountFigures, LossMeter, RuleMeters } from '@tp/api'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { useNow } from '../hooks/use-now'
import { browserTimeZone, countdown, money, percent } from '../utils/format'
import { ruleLabel, warningSteps, warningText, type LossRule } from '../utils/limits'

const clampPercent = (value: number) => Math.min(100, Math.max(0, value))

function toneOf(meter: LossMeter): 'ok' | 'warning' | 'danger' {
  if (meter.warning >= 95) return 'danger'
  if (meter.warning >= 50) return 'warning'
  return 'ok'
}

const barClasses = { ok: 'bg-primary', warning: 'bg-warning', danger: 'bg-loss' } as const

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('truncate font-mono text-sm tabular-nums', className)}>{value}</dd>
    </div>
  )
}

function Bar({
  label,
  value,
  barClass,
  marks = [],
}: {
  label: string
  value: number
  barClass: string
  marks?: readonly number[]
}) {
  const width = clampPercent(value)
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={width}
      aria-valuetext={percent(value)}
      className="relative h-2 overflow-hidden rounded-full bg-surface-3"
    >
      <div
        className={cn('h-full rounded-full transition-[width]', barClass)}
        style={{ width: `${width}%` }}
      />
      {marks.map((mark) => (
        <span
          key={mark}
          aria-hidden
          className="absolute top-0 h-full w-px bg-background/70"
          style={{ left: `${mark}%` }}
        />
      ))}
    </div>
  )
}

function LossMeterView({ rule, meter }: { rule: LossRule; meter: LossMeter }) {
  const headingId = useId()
  const tone = toneOf(meter)
  const text = warningText(meter.warning)
  return (
    <section
      aria-labelledby={headingId}
      data-warning={meter.warning}
      className={cn(
        'grid gap-2 rounded-lg border p-3',
        tone === 'ok' && 'border-border',
        tone === 'warning' && 'border-warning/60 bg-warning/5',
        tone === 'danger' && 'border-loss/70 bg-loss/10',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {ruleLabel(rule)}
        </h3>
        {text ? (
          <Badge variant={tone === 'danger' ? 'loss' : 'warning'} role="status">
            {text}
          </Badge>
        ) : null}
      </div>
      <Bar
        label={`${ruleLabel(rule)} used`}
        value={meter.usedPercent}
        barClass={barClasses[tone]}
        marks={warningSteps}
      />
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        <Figure label="Floor" value={money(meter.floor)} />
        <Figure
          label="Distance to floor"
          value={money(meter.distance)}
          className={tone === 'ok' ? undefined : tone === 'danger' ? 'text-loss' : 'text-warning'}
        />
        <Figure label="Allowed loss" value={money(meter.allowance)} />
        <Figure label="Used" value={percent(meter.usedPercent)} />
      </dl>
    </section>
  )
}

function ProfitTargetView({ target }: { target: NonNullable<RuleMeters['profitTarget']> }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          Profit target
        </h3>
        {target.met ? <Badge variant="profit">Reached</Badge> : null}
      </div>
      <Bar label="Profit target progress" value={target.progressPercent} barClass="bg-profit" />
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        <Figure label={`Target (${target.basis})`} value={money(target.target)} />
        <Figure label={`Current ${target.basis}`} value={money(target.value)} />
        <Figure label="Progress" value={percent(target.progressPercent)} />
      </dl>
      {target.requireFlat ? (
        <p className="text-xs text-muted-foreground">
          Close every position once the target is reached to pass.
        </p>
      ) : null}
    </section>
  )
}

/** "Daily reset 23:00 Europe/Berlin, in 02:14:09": the next reset in the trader's own zone. */
export function DailyResetCountdown({
  nextResetAt,
  timeZone,
}: {
  nextResetAt: string
  timeZone: string
}) {
  const now = useNow(1_000)
  const reset = DateTime.fromISO(nextResetAt, { zone: 'utc' })
  if (!reset.isValid) return null
  const time = reset.setZone(timeZone).toFormat('HH:mm')
  return (
    <p className="font-mono text-sm tabular-nums">
      Daily reset {time} {timeZone}, in {countdown(reset.toMillis() - now)}
    </p>
  )
}

type RulePanelProps = {
  meters: RuleMeters
  /**
   * An ended account's figures as they are now (after the closes that ended it): its final
   * balance and equity, shown instead of the daily reset
   */
  final?: Pick<AccountFigures, 'balance' | 'equity'>
  /** the trader's IANA time zone; the browser's by default */
  timeZone?: string
}

/**
 * The account's rules as the live evaluator holds them: the daily-loss and max-loss floors with
 * the distance to each and warnings at 50, 80 and 95% of the allowance, the profit target's
 * progress, trading days and the countdown to the next daily reset; for an account that ended,
 * the balance and equity it ended with.
 */
export function RulePanel({ meters, final, timeZone }: RulePanelProps) {
  const zone = timeZone ?? browserTimeZone()
  const { tradingDays } = meters
  const headingId = useId()
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="pb-3 sm:pb-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={headingId}>Rules</CardTitle>
          {meters.status === 'passed' ? <Badge variant="profit">Passed</Badge> : null}
          {meters.status === 'failed' ? <Badge variant="loss">Failed</Badge> : null}
        </div>
        {final ? (
          <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
            <Figure label="Final balance" value={money(final.balance)} />
            <Figure label="Final equity" value={money(final.equity)} />
          </dl>
        ) : (
          <DailyResetCountdown nextResetAt={meters.nextResetAt} timeZone={zone} />
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        {meters.dailyLoss ? <LossMeterView rule="dailyLoss" meter={meters.dailyLoss} /> : null}
        {meters.maxLoss ? <LossMeterView rule="maxLoss" meter={meters.maxLoss} /> : null}
        {meters.profitTarget ? <ProfitTargetView target={meters.profitTarget} /> : null}
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3">
          <p className="text-sm">
            <span className="font-semibold">Trading days</span>{' '}
            <span className="font-mono tabular-nums">
              {tradingDays.required > 0
                ? `${tradingDays.value} of ${tradingDays.required}`
                : `${tradingDays.value} (no minimum)`}
            </span>
          </p>
          {tradingDays.required > 0 ? (
            <Badge variant={tradingDays.met ? 'profit' : 'neutral'}>
              {tradingDays.met ? 'Met' : 'Not met yet'}
            </Badge>
          ) : null}
        </div>
      </CardContent>
    </Card>
  )
}
