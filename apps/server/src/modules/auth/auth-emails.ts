import { BRAND, renderEmail } from '../../lib/email-layout'

export const PASSWORD_RESET_TTL_MINUTES = 60

export function passwordResetEmail(to: string, data: { resetUrl: string }) {
  return renderEmail(to, {
    subject: `Reset your ${BRAND} password`,
    paragraphs: [
      `Someone asked to reset the password of the ${BRAND} account for ${to}.`,
      `Choose a new password with the link below. It works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
    ],
    action: { label: 'Reset password', url: data.resetUrl },
    footnote: 'If you did not ask for this, ignore this email: your password stays as it is.',
  })
}

export function welcomeEmail(to: string, data: { appUrl: string }) {
  return renderEmail(to, {
    subject: `Welcome to ${BRAND}`,
    paragraphs: [
      `Your ${BRAND} account for ${to} is ready.`,
      'Pick a challenge, pass the evaluation and trade a funded account.',
    ],
    action: { label: 'Open your dashboard', url: `${data.appUrl}/user/dashboard` },
  })
}
