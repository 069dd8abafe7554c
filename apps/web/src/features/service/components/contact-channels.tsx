import { Clock, Mail, MessageCircle, Phone, Send } from 'lucide-react'
import type { ReactNode } from 'react'
import { ExternalLink } from '@/components/external-link'
import { communityLinks, company } from '@/config/company'

type Channel = { icon: typeof Mail; title: string; body: ReactNode }

const channels: Channel[] = [
  {
    icon: Mail,
    title: 'Email',
    body: (
      <a
        className="font-medium text-primary hover:underline"
        href={`mailto:${company.supportEmail}`}
      >
        {company.supportEmail}
      </a>
    ),
  },
  {
    icon: Phone,
    title: 'Phone',
    body: (
      <a className="font-medium text-primary hover:underline" href={company.supportPhone.href}>
        {company.supportPhone.label}
      </a>
    ),
  },
  {
    icon: Send,
    title: 'Telegram',
    body: (
      <ExternalLink
        className="font-medium text-primary hover:underline"
        href={communityLinks.telegramSupport.href}
      >
        {communityLinks.telegramSupport.label}
      </ExternalLink>
    ),
  },
  {
    icon: MessageCircle,
    title: 'Discord',
    body: (
      <ExternalLink
        className="font-medium text-primary hover:underline"
        href={communityLinks.discordCommunity.href}
      >
        {communityLinks.discordCommunity.label}
      </ExternalLink>
    ),
  },
]

/** The support channels and response times of spec 2.5, beside the contact form. */
export function ContactChannels() {
  return (
    <div className="grid gap-6">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {channels.map(({ icon: Icon, title, body }) => (
          <li key={title} className="flex items-start gap-3 rounded-lg border border-border p-4">
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="grid min-w-0 gap-1 text-sm break-words">
              <h3 className="font-semibold">{title}</h3>
              {body}
            </div>
          </li>
        ))}
      </ul>
      <div className="flex items-start gap-3 rounded-lg bg-surface-2 p-4 text-sm">
        <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="grid gap-1">
          <h3 className="font-semibold">Response times</h3>
          <p>{company.responseTimes.team}</p>
          <p>{company.responseTimes.email}</p>
        </div>
      </div>
    </div>
  )
}
