import { and, eq } from 'drizzle-orm'
import { messages, type NewsletterTokenResponse } from '@tp/api'
import type { AppContext } from '../../context'
import { newsletterSubscribers } from '../../db/schema'
import { sendEmailJob } from '../../jobs/send-email'
import { AppError } from '../../lib/errors'
import { hashToken } from '../../lib/crypto'
import { newsletterUnsubscribeUrl } from './newsletter-links'
import { newsletterWelcomeEmail } from './service-emails'

/**
 * Follows a confirmation link: pending -> confirmed, with a welcome email (which, like every
 * newsletter email, carries the unsubscribe link). Idempotent: the same link again answers
 * confirmed and sends nothing; a link of an address that unsubscribed since does not subscribe it
 * again. An unknown link is 404.
 */
export async function confirmNewsletter(
  ctx: AppContext,
  token: string,
): Promise<NewsletterTokenResponse> {
  const tokenHash = hashToken(token)
  const [confirmed] = await ctx.db
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmedAt: ctx.clock.now(), unsubscribedAt: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, tokenHash),
        eq(newsletterSubscribers.status, 'pending'),
      ),
    )
    .returning()
  if (confirmed) {
    await ctx.jobs.enqueue(
      sendEmailJob,
      newsletterWelcomeEmail(confirmed.email, {
        unsubscribeUrl: newsletterUnsubscribeUrl(ctx, confirmed.id),
      }),
    )
    return {
      status: 'confirmed',
      email: confirmed.email,
      message: messages.service.newsletterConfirmed,
    }
  }
  const [row] = await ctx.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, tokenHash))
  if (!row) throw new AppError('NOT_FOUND', { message: messages.service.newsletterLinkInvalid })
  return {
    status: row.status,
    email: row.email,
    message:
      row.status === 'unsubscribed'
        ? messages.service.newsletterUnsubscribed
        : messages.service.newsletterConfirmed,
  }
}
