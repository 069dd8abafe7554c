import { and, eq, ne } from 'drizzle-orm'
import { messages, type NewsletterTokenResponse } from '@tp/api'
import type { AppContext } from '../../context'
import { newsletterSubscribers } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { subscriberIdOf } from './newsletter-links'

/**
 * The one-click unsubscribe of every newsletter email (decision 0026): the signed link names the
 * subscriber; it is unsubscribed (pending or confirmed alike). Idempotent: again, it stays
 * unsubscribed with its first date. A link not signed by the server is 404.
 */
export async function unsubscribeFromNewsletter(
  ctx: AppContext,
  token: string,
): Promise<NewsletterTokenResponse> {
  const subscriberId = subscriberIdOf(ctx, token)
  const invalid = new AppError('NOT_FOUND', { message: messages.service.newsletterLinkInvalid })
  if (!subscriberId) throw invalid
  await ctx.db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: ctx.clock.now() })
    .where(
      and(
        eq(newsletterSubscribers.id, subscriberId),
        ne(newsletterSubscribers.status, 'unsubscribed'),
      ),
    )
  const [row] = await ctx.db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, subscriberId))
  if (!row) throw invalid
  return {
    status: 'unsubscribed',
    email: row.email,
    message: messages.service.newsletterUnsubscribed,
  }
}
