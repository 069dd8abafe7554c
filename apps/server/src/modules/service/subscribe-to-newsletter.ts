import { and, eq, ne } from 'drizzle-orm'
import { messages, type NewsletterRequest } from '@tp/api'
import type { AppContext } from '../../context'
import { newsletterSubscribers } from '../../db/schema'
import { sendEmailJob } from '../../jobs/send-email'
import { hashToken, randomToken } from '../../lib/crypto'
import { checkPublicForm } from './check-public-form'
import { newsletterConfirmUrl, newsletterUnsubscribeUrl } from './newsletter-links'
import { newsletterConfirmEmail } from './service-emails'

/**
 * Newsletter sign-up, double opt-in (decision 0026): the address is stored as pending with a fresh
 * confirmation token and emailed the link; it is subscribed once the link is followed. A
 * confirmed address is left as it is (no email). The answer is the same in every case, so the
 * form tells nobody who is subscribed.
 */
export async function subscribeToNewsletter(
  ctx: AppContext,
  input: Omit<NewsletterRequest, 'email'> & { email: string },
  sender: { ip: string; userId: string | null },
): Promise<{ message: string }> {
  const answer = { message: messages.service.newsletterCheckInbox }
  if (!(await checkPublicForm(ctx, 'newsletter', input, sender.ip))) return answer
  const token = randomToken()
  const [row] = await ctx.db
    .insert(newsletterSubscribers)
    .values({
      email: input.email,
      status: 'pending',
      confirmTokenHash: hashToken(token),
      userId: sender.userId,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { status: 'pending', confirmTokenHash: hashToken(token) },
      // a confirmed subscriber stays confirmed: nothing changes, nothing is sent
      setWhere: and(
        eq(newsletterSubscribers.email, input.email),
        ne(newsletterSubscribers.status, 'confirmed'),
      ),
    })
    .returning({ id: newsletterSubscribers.id })
  if (!row) return answer
  await ctx.jobs.enqueue(
    sendEmailJob,
    newsletterConfirmEmail(input.email, {
      confirmUrl: newsletterConfirmUrl(ctx, token),
      unsubscribeUrl: newsletterUnsubscribeUrl(ctx, row.id),
    }),
  )
  return answer
}
