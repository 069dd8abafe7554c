import { useMemo, useState } from 'react'
import { CalendarClock } from 'lucide-react'
import { calendarMessages } from '@tp/api/calendar'
import { economicImpactLabels, economicImpacts, type EconomicImpact } from '@tp/domain/calendar'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { EmptyState } from '@/components/ui/empty-state'
import { fieldClasses } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { useCalendarEvents, type CalendarFilter } from '../api/calendar-events'
import { browserTimeZone, formatClock, groupByDay, windowOf } from '../utils/group-by-day'
import { ImpactBadge } from './impact-badge'

const currencies = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'CNY'] as const

/** /user/calendarnews: the coming week's events in the trader's time zone, by day. */
export function CalendarNews() {
  const [filter, setFilter] = useState<CalendarFilter>({ currency: '', impact: '' })
  const timeZone = useMemo(browserTimeZone, [])
  const calendar = useCalendarEvents(filter)
  const data = calendar.data
  const days = useMemo(() => (data ? groupByDay(data.events, timeZone) : []), [data, timeZone])
  const blackout = data?.newsRule.blackoutMinutes ?? null

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Times are shown in your time zone, <span className="font-medium">{timeZone}</span>.
      </p>

      {data && blackout !== null && data.newsRule.accounts.length > 0 ? (
        <Alert>
          <p>
            <span>
              {calendarMessages.newsRuleNote(blackout)} Restricted windows are marked below. They
              apply to:{' '}
              <span className="font-medium">
                {data.newsRule.accounts.map((account) => account.label).join(', ')}
              </span>
              .
            </span>
          </p>
        </Alert>
      ) : null}

      <div className="flex flex-wrap items-end gap-4" role="group" aria-label="Filters">
        <div className="grid gap-2">
          <Label htmlFor="calendar-currency">Currency</Label>
          <select
            id="calendar-currency"
            className={cn(fieldClasses, 'h-9 w-auto py-1.5')}
            value={filter.currency}
            onChange={(event) => setFilter({ ...filter, currency: event.target.value })}
          >
            <option value="">All</option>
            {currencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="calendar-impact">Impact</Label>
          <select
            id="calendar-impact"
            className={cn(fieldClasses, 'h-9 w-auto py-1.5')}
            value={filter.impact}
            onChange={(event) =>
              setFilter({ ...filter, impact: event.target.value as EconomicImpact | '' })
            }
          >
            <option value="">All</option>
            {economicImpacts.map((impact) => (
              <option key={impact} value={impact}>
                {economicImpactLabels[impact]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {calendar.isError ? (
        <LoadError error={calendar.error} onRetry={() => void calendar.refetch()} />
      ) : calendar.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading the calendar">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      ) : days.length === 0 ? (
        <EmptyState
          icon={<CalendarClock aria-hidden />}
          title={calendarMessages.emptyCalendar}
          description="Try another currency or impact, or come back later: the calendar is updated every 30 minutes."
        />
      ) : (
        <div className="grid gap-6">
          {days.map((day) => (
            <section key={day.key} aria-labelledby={`day-${day.key}`} className="grid gap-2">
              <h2 id={`day-${day.key}`} className="text-base font-semibold">
                {day.label}
              </h2>
              <ul className="grid divide-y divide-border rounded-xl border border-border bg-surface">
                {day.events.map((event) => {
                  const timeMs = Date.parse(event.time)
                  const window = windowOf(event, blackout)
                  return (
                    <li
                      key={event.id}
                      className={cn(
                        'grid grid-cols-[4rem_1fr] gap-x-3 gap-y-1 p-3 sm:grid-cols-[4rem_3.5rem_1fr_auto] sm:items-center',
                        window && 'bg-loss/5',
                      )}
                      data-testid="calendar-event"
                    >
                      <time dateTime={event.time} className="font-mono text-sm tabular-nums">
                        {formatClock(timeMs, timeZone)}
                      </time>
                      <span className="font-mono text-sm font-semibold">{event.currency}</span>
                      <span className="col-span-2 text-sm sm:col-span-1">{event.title}</span>
                      <span className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1 sm:justify-end">
                        <ImpactBadge impact={event.impact} />
                        {window ? (
                          <span
                            className="text-xs font-medium text-loss"
                            data-testid="restricted-window"
                          >
                            No trading {formatClock(window.startMs, timeZone)}–
                            {formatClock(window.endMs, timeZone)}
                          </span>
                        ) : null}
                      </span>
                    </li>
                  )
                })}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  )
}
