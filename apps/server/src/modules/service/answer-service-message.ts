import { eq } from 'drizzle-orm'
import type { ServiceMessage } from '@tp/api'
import type { AppContext } from '../../context'
import { serviceMessageReplies, serviceMessages } from '../../db/schema'
import { sendEmailJob } from '../../jobs/send-email'
import { AppError } from '../../lib/errors'
import { recordAudit } from '../access/access-policy'
import { assertAdmin, type Caller } from '../access/authenticate'
import { getServiceMessage } from './get-service-message'
import { subjectOf } from './list-service-messages'
import { answerEmail } from './service-emails'

/**
 * An admin answers a message or an application: the answer is stored with the message (who, when,
 * what), emailed to the sender, and the message is answered. Answering again adds another answer.
 */
export async function answerServiceMessage(
  ctx: AppContext,
  caller: Caller,
  messageId: string,
  body: string,
): Promise<ServiceMessage> {
  assertAdmin(caller)
  const now = ctx.clock.now()
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(serviceMessages)
      .set({ status: 'answered', answeredAt: now })
      .where(eq(serviceMessages.id, messageId))
      .returning()
    if (!updated) throw new AppError('NOT_FOUND')
    await tx
      .insert(serviceMessageReplies)
      .values({ messageId, adminUserId: caller.userId, body, createdAt: now })
    await recordAudit(
      ctx,
      {
        actor: caller,
        action: 'message.answer',
        targetType: 'service-message',
        targetId: messageId,
        // the answer is its own reason (nobody justifies answering a message): its opening words
        reason: answerExcerpt(body),
        details: { to: updated.email, kind: updated.kind },
      },
      tx,
    )
    return updated
  })
  await ctx.jobs.enqueue(
    sendEmailJob,
    answerEmail(row.email, {
      name: row.name,
      subject: subjectOf(row),
      answer: body,
      originalMessage: row.message,
    }),
  )
  return getServiceMessage(ctx, row.id)
}

/** An answer's opening words, within the audit reason's 500 characters. */
function answerExcerpt(body: string): string {
  const text = body.trim()
  return text.length <= 500 ? text : `${text.slice(0, 499)}…`
}
