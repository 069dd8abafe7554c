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

/** Told to the owner after every password change or reset: a change they did not make is a theft. */
export function passwordChangedEmail(
  to: string,
  data: { appUrl: string; how: 'changed' | 'reset'; atIso: string },
) {
  return renderEmail(to, {
    subject: `Your ${BRAND} password was ${data.how}`,
    paragraphs: [
      data.how === 'reset'
        ? `The password of the ${BRAND} account for ${to} was reset with an emailed link on ${data.atIso} (UTC). Every session of the account was signed out.`
        : `The password of the ${BRAND} account for ${to} was changed in the profile settings on ${data.atIso} (UTC). Every other session of the account was signed out.`,
      'If this was you, there is nothing to do.',
    ],
    action: { label: 'Reset your password', url: `${data.appUrl}/forgot-password` },
    footnote:
      'If you did not do this, reset your password now with the link above and contact support: someone else may know it.',
  })
}

/** `2026-11-25 14:05` (UTC) for an email's text. */
export function isoMinute(at: Date): string {
  return at.toISOString().slice(0, 16).replace('T', ' ')
}
