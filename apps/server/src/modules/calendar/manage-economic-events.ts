import {
  calendarMessages,
  economicEventInputSchema,
  type EconomicEvent,
  type EconomicEventInput,
} from '@tp/api/calendar'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { economicEvents } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { recordAudit } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { toEconomicEvent } from './event-view'

// An admin's own events: created, edited and deleted by hand, each audited with what changed and
// why (the reason is required to delete, optional to add or edit: decision 0055).

const notFound = () => new AppError('NOT_FOUND', { message: calendarMessages.eventNotFound })

export async function createEconomicEvent(
  ctx: AppContext,
  caller: Caller,
  body: EconomicEventInput,
): Promise<EconomicEvent> {
  const input = economicEventInputSchema.parse(body)
  const now = ctx.clock.now()
  const [row] = await ctx.db
    .insert(economicEvents)
    .values({
      time: new Date(input.time),
      currency: input.currency,
      title: input.title,
      impact: input.impact,
      source: 'manual',
      sourceUid: null,
      createdBy: caller.userId,
      updatedBy: caller.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  await recordAudit(ctx, {
    actor: caller,
    action: 'calendar.event-created',
    targetType: 'economic-event',
    targetId: row!.id,
    reason: input.reason ?? 'Added by hand',
    details: {
      time: input.time,
      currency: input.currency,
      title: input.title,
      impact: input.impact,
    },
  })
  return toEconomicEvent(row!)
}

export async function updateEconomicEvent(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  body: EconomicEventInput,
): Promise<EconomicEvent> {
  const input = economicEventInputSchema.parse(body)
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(economicEvents)
      .where(eq(economicEvents.id, eventId))
      .for('update')
    if (!before) throw notFound()
    const [row] = await tx
      .update(economicEvents)
      .set({
        time: new Date(input.time),
        currency: input.currency,
        title: input.title,
        impact: input.impact,
        updatedBy: caller.userId,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(economicEvents.id, eventId))
      .returning()
    await recordAudit(
      ctx,
      {
        actor: caller,
        action: 'calendar.event-updated',
        targetType: 'economic-event',
        targetId: eventId,
        reason: input.reason ?? 'Edited by hand',
        details: {
          before: {
            time: before.time.toISOString(),
            currency: before.currency,
            title: before.title,
            impact: before.impact,
          },
          after: {
            time: new Date(input.time).toISOString(),
            currency: input.currency,
            title: input.title,
            impact: input.impact,
          },
        },
      },
      tx,
    )
    return toEconomicEvent(row!)
  })
}

export async function deleteEconomicEvent(
  ctx: AppContext,
  caller: Caller,
  eventId: string,
  reason: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(economicEvents).where(eq(economicEvents.id, eventId)).returning()
    if (!row) throw notFound()
    await recordAudit(
      ctx,
      {
        actor: caller,
        action: 'calendar.event-deleted',
        targetType: 'economic-event',
        targetId: eventId,
        reason,
        details: {
          time: row.time.toISOString(),
          currency: row.currency,
          title: row.title,
          impact: row.impact,
          source: row.source,
        },
      },
      tx,
    )
  })
}
