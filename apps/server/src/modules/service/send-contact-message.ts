import { messages, type ContactRequest } from '@tp/api'
import type { AppContext } from '../../context'
import { serviceMessages } from '../../db/schema'
import { sendEmailJob } from '../../jobs/send-email'
import { checkPublicForm } from './check-public-form'
import { contactAcknowledgementEmail, contactToFirmEmail } from './service-emails'

type ValidContact = Omit<ContactRequest, 'email'> & { email: string }

/**
 * Files a contact message (spec 5, 7 service/contact): stored for the admin inbox, emailed to the
 * firm's support address, acknowledged to the sender. A bot's (honeypot) is answered the same and
 * dropped.
 */
export async function sendContactMessage(
  ctx: AppContext,
  input: ValidContact,
  sender: { ip: string; userId: string | null },
): Promise<{ message: string }> {
  const answer = { message: messages.service.contactSent }
  if (!(await checkPublicForm(ctx, 'contact', input, sender.ip))) return answer
  const now = ctx.clock.now()
  const [row] = await ctx.db
    .insert(serviceMessages)
    .values({
      kind: 'contact',
      name: input.name,
      email: input.email,
      subject: input.subject?.trim() ? input.subject.trim() : null,
      message: input.message,
      userId: sender.userId,
      createdAt: now,
    })
    .returning()
  const stored = row!
  await ctx.jobs.enqueue(
    sendEmailJob,
    contactToFirmEmail(ctx.env.SUPPORT_EMAIL, ctx.env.APP_URL, stored),
  )
  await ctx.jobs.enqueue(sendEmailJob, contactAcknowledgementEmail(stored))
  return answer
}
