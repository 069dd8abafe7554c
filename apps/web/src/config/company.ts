// Facts about the firm shown in the shell (footer, side menu). One place, so a change of a channel
// or address is one edit.

export const company = {
  name: 'Tradepeak',
  pitch: 'Prove your trading on a simulated challenge account and get funded.',
  registeredOffice: 'Registered office: Vancouver, British Columbia, Canada',
  supportEmail: 'support@tradepeak.io',
  supportPhone: { label: '+1 (604) 555-0142', href: 'tel:+16045550142' },
  /** spec 2.5: how soon the support team answers */
  responseTimes: {
    team: 'Our team answers within 12-24 hours, Monday to Friday.',
    email: 'Emails are answered in under 24 hours.',
  },
  riskDisclaimer:
    'All accounts are simulated. Tradepeak provides evaluation services on simulated trading ' +
    'accounts only; no real funds are traded and nothing on this site is investment advice. ' +
    'Past simulated performance does not indicate future results.',
} as const

/** A page's document title: the page's name and the firm's, or the firm's alone. */
export function documentTitle(title?: string): string {
  return title ? `${title} · ${company.name}` : company.name
}

/** External channels; they always open in a new tab without handing this page to the opener. */
export const communityLinks = {
  telegramCommunity: { label: 'Telegram Community', href: 'https://t.me/tradepeak' },
  telegramSupport: { label: 'Telegram Support', href: 'https://t.me/tradepeak_support' },
  discordCommunity: { label: 'Discord Community', href: 'https://discord.gg/tradepeak' },
  instagram: { label: 'Instagram', href: 'https://www.instagram.com/tradepeak' },
} as const
