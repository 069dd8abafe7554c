import nodemailer from 'nodemailer'
import type { OutgoingEmail } from '../../lib/email-layout'

// Outgoing mail goes over SMTP (nodemailer). Locally the SMTP server is the app's own capture
// server (capture-server.ts); in production SMTP_URL points at a real relay.

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>
  close(): void
}

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url)
  return {
    async send(email) {
      await transport.sendMail({ from: options.from, ...email })
    },
    close: () => transport.close(),
  }
}
