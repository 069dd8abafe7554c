import { z } from 'zod'
import { defineJob } from './job-runner'

/** Sends one rendered email (lib/email-layout.ts); retried with backoff while SMTP fails. */
export const sendEmailJob = defineJob({
  name: 'email.send',
  schema: z.object({
    to: z.email(),
    subject: z.string().min(1),
    html: z.string(),
    text: z.string(),
  }),
  retryLimit: 8,
  handle: (ctx, email) => ctx.mailer.send(email),
})
