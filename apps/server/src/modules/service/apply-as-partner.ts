import { messages, type PartnerRequest, type PartnershipType } from '@tp/api'
import type { AppContext } from '../../context'
import { serviceMessages } from '../../db/schema'
import { sendEmailJob } from '../../jobs/send-email'
import { checkPublicForm } from './check-public-form'
import { partnerAcknowledgementEmail, partnerToFirmEmail } from './service-emails'

type ValidApplication = Omit<PartnerRequest, 'email' | 'partnershipType'> & {
  email: string
  partnershipType: PartnershipType
}

/**
 * Files a partner application (spec 5, 7 service/become-partner): stored for the admin inbox,
 * emailed to the firm's support address, acknowledged to the applicant.
 */
export async function applyAsPartner(
  ctx: AppContext,
  input: ValidApplication,
  sender: { ip: string; userId: string | null },
): Promise<{ message: string }> {
  const answer = { message: messages.service.partnerApplied }
  if (!(await checkPublicForm(ctx, 'become-partner', input, sender.ip))) return answer
  const [row] = await ctx.db
    .insert(serviceMessages)
    .values({
      kind: 'partner',
      name: input.name,
      email: input.email,
      subject: null,
      message: input.message,
      socialUserName: input.socialUserName,
      socialUrl: input.socialUrl?.trim() ? input.socialUrl.trim() : null,
      partnershipType: input.partnershipType,
      userId: sender.userId,
      createdAt: ctx.clock.now(),
    })
    .returning()
  const stored = {
    ...row!,
    socialUserName: input.socialUserName,
    partnershipType: input.partnershipType,
  }
  await ctx.jobs.enqueue(
    sendEmailJob,
    partnerToFirmEmail(ctx.env.SUPPORT_EMAIL, ctx.env.APP_URL, stored),
  )
  await ctx.jobs.enqueue(sendEmailJob, partnerAcknowledgementEmail(stored))
  return answer
}
