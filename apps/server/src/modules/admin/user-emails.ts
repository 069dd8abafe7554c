import { BRAND, renderEmail } from '../../lib/email-layout'

// What a user is told when an admin disables or enables their account, with the admin's reason.

export function userDisabledEmail(to: string, data: { reason: string; appUrl: string }) {
  return renderEmail(to, {
    subject: `${BRAND}: your account has been disabled`,
    paragraphs: [
      'Our team has disabled your account. You are signed out everywhere, you cannot sign in, and trading is off on your trading accounts (open positions stay open).',
      `Reason: ${data.reason}`,
      'If you think this is a mistake, reply to this email or write to us through the contact page.',
    ],
    action: { label: 'Contact us', url: `${data.appUrl}/contact-us` },
  })
}

export function userEnabledEmail(to: string, data: { reason: string; appUrl: string }) {
  return renderEmail(to, {
    subject: `${BRAND}: your account is enabled again`,
    paragraphs: [
      'Our team has enabled your account again: you can sign in, and trading is back on for the accounts it was turned off for.',
      `Reason: ${data.reason}`,
    ],
    action: { label: 'Sign in', url: `${data.appUrl}/login` },
  })
}
