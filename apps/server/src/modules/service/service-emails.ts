import { partnershipTypeLabels, type PartnershipType } from '@tp/api'
import {
  BRAND,
  escapeHtml,
  renderEmail,
  type EmailContent,
  type OutgoingEmail,
} from '../../lib/email-layout'
import { isoMinute } from '../auth/auth-emails'

// The emails of the public forms (decision 0026): each message to the firm's support address,
// an acknowledgement to its sender, an admin's answer, and the newsletter's, every one of which
// carries a one-click unsubscribe link.

type ContactMessage = {
  id: string
  name: string
  email: string
  subject: string | null
  message: string
  createdAt: Date
}

type PartnerApplication = {
  id: string
  name: string
  email: string
  socialUserName: string
  socialUrl: string | null
  partnershipType: PartnershipType
  message: string
  createdAt: Date
}

/** A sender's text in a subject line: one line, whatever they typed. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

const inboxUrl = (appUrl: string, id: string) =>
  `${appUrl}/admin/messages/${encodeURIComponent(id)}`

export function contactToFirmEmail(supportEmail: string, appUrl: string, m: ContactMessage) {
  return renderEmail(supportEmail, {
    subject: `Contact message from ${oneLine(m.name)}${m.subject ? `: ${oneLine(m.subject)}` : ''}`,
    paragraphs: [
      `${m.name} <${m.email}> sent a message through the contact form on ${isoMinute(m.createdAt)} (UTC).`,
      `Subject: ${m.subject ?? '(none)'}`,
      m.message,
    ],
    action: { label: 'Answer in the admin inbox', url: inboxUrl(appUrl, m.id) },
    footnote: `Answer from the admin inbox: the answer is emailed to ${m.email} and kept with the message.`,
  })
}

export function contactAcknowledgementEmail(m: ContactMessage) {
  return renderEmail(m.email, {
    subject: `We received your message - ${BRAND}`,
    paragraphs: [
      `Hello ${m.name},`,
      `Thank you for contacting ${BRAND}. We received your message and will get back to you soon: within 12-24 hours Monday to Friday, and in under 24 hours by email.`,
      `Your message${m.subject ? ` (${m.subject})` : ''}:`,
      m.message,
    ],
    footnote: 'You receive this email because this address was entered in our contact form.',
  })
}

export function partnerToFirmEmail(supportEmail: string, appUrl: string, a: PartnerApplication) {
  return renderEmail(supportEmail, {
    subject: `Partner application from ${oneLine(a.name)} (${partnershipTypeLabels[a.partnershipType]})`,
    paragraphs: [
      `${a.name} <${a.email}> applied to become a partner on ${isoMinute(a.createdAt)} (UTC).`,
      `Partnership type: ${partnershipTypeLabels[a.partnershipType]}`,
      `Social user name: ${a.socialUserName}`,
      `Social link: ${a.socialUrl ?? '(none)'}`,
      a.message,
    ],
    action: { label: 'Answer in the admin inbox', url: inboxUrl(appUrl, a.id) },
  })
}

export function partnerAcknowledgementEmail(a: PartnerApplication) {
  return renderEmail(a.email, {
    subject: `Your partner application - ${BRAND}`,
    paragraphs: [
      `Hello ${a.name},`,
      `Thank you for applying to become a ${BRAND} partner (${partnershipTypeLabels[a.partnershipType]}). Our partnerships team reviews every application and will answer you by email.`,
      'Your message:',
      a.message,
    ],
    footnote: 'You receive this email because this address was entered in our partner form.',
  })
}

export function answerEmail(
  to: string,
  data: { name: string; subject: string | null; answer: string; originalMessage: string },
) {
  return renderEmail(to, {
    subject: `Re: ${data.subject ? oneLine(data.subject) : `your message to ${BRAND}`}`,
    paragraphs: [
      `Hello ${data.name},`,
      data.answer,
      `- The ${BRAND} team`,
      `You wrote: "${data.originalMessage.length > 500 ? `${data.originalMessage.slice(0, 500)}...` : data.originalMessage}"`,
    ],
  })
}

/**
 * A newsletter email: the branded frame with a one-click unsubscribe link at the bottom. Every
 * email to a (pending or confirmed) subscriber is made here, so none goes out without it.
 */
export function newsletterEmail(
  to: string,
  content: EmailContent,
  unsubscribeUrl: string,
): OutgoingEmail {
  const email = renderEmail(to, content)
  const line = `<p style="margin:24px 0 0;font-size:12px;color:#777">Do not want these emails? <a href="${escapeHtml(unsubscribeUrl)}" style="color:#0f766e">Unsubscribe</a> with one click.</p>`
  return {
    ...email,
    html: email.html.replace('</div></body></html>', `${line}\n</div></body></html>`),
    text: `${email.text}\n\nUnsubscribe: ${unsubscribeUrl}`,
  }
}

export function newsletterConfirmEmail(
  to: string,
  data: { confirmUrl: string; unsubscribeUrl: string },
) {
  return newsletterEmail(
    to,
    {
      subject: `Confirm your subscription to the ${BRAND} newsletter`,
      paragraphs: [
        `Someone, hopefully you, asked to receive the ${BRAND} newsletter at ${to}.`,
        'Confirm with the button below. Until you do, we send you nothing else.',
      ],
      action: { label: 'Confirm subscription', url: data.confirmUrl },
      footnote: 'If you did not ask for this, ignore this email: you will not be subscribed.',
    },
    data.unsubscribeUrl,
  )
}

export function newsletterWelcomeEmail(to: string, data: { unsubscribeUrl: string }) {
  return newsletterEmail(
    to,
    {
      subject: `You are subscribed to the ${BRAND} newsletter`,
      paragraphs: [
        `Your subscription to the ${BRAND} newsletter is confirmed for ${to}.`,
        'You will hear from us about new plans, rules and features. You can leave at any time with the link below.',
      ],
    },
    data.unsubscribeUrl,
  )
}
