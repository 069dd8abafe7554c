import { asc, eq } from 'drizzle-orm'
import type { ServiceMessage } from '@tp/api'
import type { AppContext } from '../../context'
import { serviceMessageReplies, serviceMessages, users } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { summaryOf } from './list-service-messages'

/** One message of the admin inbox, whole, with the answers sent to it (oldest first). */
export async function getServiceMessage(ctx: AppContext, id: string): Promise<ServiceMessage> {
  const [row] = await ctx.db.select().from(serviceMessages).where(eq(serviceMessages.id, id))
  if (!row) throw new AppError('NOT_FOUND')
  const replies = await ctx.db
    .select({
      id: serviceMessageReplies.id,
      body: serviceMessageReplies.body,
      adminEmail: users.email,
      createdAt: serviceMessageReplies.createdAt,
    })
    .from(serviceMessageReplies)
    .leftJoin(users, eq(users.id, serviceMessageReplies.adminUserId))
    .where(eq(serviceMessageReplies.messageId, id))
    .orderBy(asc(serviceMessageReplies.createdAt), asc(serviceMessageReplies.id))
  return {
    ...summaryOf(row),
    message: row.message,
    socialUserName: row.socialUserName,
    socialUrl: row.socialUrl,
    partnershipType: row.partnershipType,
    userId: row.userId,
    replies: replies.map((reply) => ({
      ...reply,
      adminEmail: reply.adminEmail ?? null,
      createdAt: reply.createdAt.toISOString(),
    })),
  }
}
