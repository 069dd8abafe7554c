import {
  calendarMessages,
  type CalendarEventsFilter,
  type CalendarEventsResponse,
} from '@tp/api/calendar'
import {
  challengeTypeLabels,
  getPlanPolicy,
  parsePlanKey,
  stageLabels,
  type PlanKey,
} from '@tp/domain'
import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { economicEvents, tradingAccounts } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { defaultRangeMs, maxRangeMs, toEconomicEvent } from './event-view'

/**
 * The trader's calendar: events in [from, to] (default: now to 7 days on), with the news rule of
 * the caller's own open accounts under it, so the page marks restricted windows and names them.
 */
export async function listCalendarEvents(
  ctx: AppContext,
  caller: Caller,
  input: CalendarEventsFilter,
): Promise<CalendarEventsResponse['data']> {
  const nowMs = ctx.clock.now().getTime()
  const fromMs = input.from ? Date.parse(input.from) : nowMs
  const toMs = input.to ? Date.parse(input.to) : fromMs + defaultRangeMs
  if (!(toMs > fromMs) || toMs - fromMs > maxRangeMs) {
    throw new AppError('VALIDATION_FAILED', {
      message: calendarMessages.badRange,
      details: [{ path: 'to', message: calendarMessages.badRange }],
    })
  }
  const where: SQL[] = [
    gte(economicEvents.time, new Date(fromMs)),
    lte(economicEvents.time, new Date(toMs)),
  ]
  if (input.currency.length > 0) where.push(inArray(economicEvents.currency, input.currency))
  if (input.impact) where.push(eq(economicEvents.impact, input.impact))
  const [rows, accounts] = await Promise.all([
    ctx.db
      .select()
      .from(economicEvents)
      .where(and(...where))
      .orderBy(asc(economicEvents.time), asc(economicEvents.currency))
      .limit(2000),
    ctx.db
      .select({
        id: tradingAccounts.id,
        login: tradingAccounts.login,
        planKey: tradingAccounts.planKey,
        version: tradingAccounts.rulebookVersion,
        sizeK: tradingAccounts.sizeK,
      })
      .from(tradingAccounts)
      .where(
        and(
          eq(tradingAccounts.userId, caller.userId),
          inArray(tradingAccounts.status, ['active', 'provisioning']),
        ),
      ),
  ])
  let blackoutMinutes: number | null = null
  const ruled: CalendarEventsResponse['data']['newsRule']['accounts'] = []
  for (const account of accounts) {
    const minutes = getPlanPolicy(account.planKey as PlanKey, account.version).newsBlackoutMinutes
    if (minutes === null) continue
    blackoutMinutes = Math.max(blackoutMinutes ?? 0, minutes)
    ruled.push({
      id: account.id,
      login: account.login,
      label: accountLabel(account.planKey as PlanKey, account.sizeK, account.login),
    })
  }
  return {
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    events: rows.map(toEconomicEvent),
    newsRule: { blackoutMinutes, accounts: ruled },
  }
}

function accountLabel(planKey: PlanKey, sizeK: number, login: string | null): string {
  const { challenge, stage } = parsePlanKey(planKey)
  const login_ = login ? ` #${login}` : ''
  return `${challengeTypeLabels[challenge]} ${stageLabels[stage]} ${sizeK}K${login_}`
}
