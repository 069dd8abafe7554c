import { Activity, CalendarClock, Layers, MonitorSmartphone, Percent, Wallet } from 'lucide-react'
import { readPlanFacts } from '@tp/api/content/plan-facts'
import { ExternalLink } from '@/components/external-link'
import { communityLinks } from '@/config/company'

const community = [
  {
    link: communityLinks.discordCommunity,
    text: 'Talk trading and rules with other traders and the team.',
  },
  {
    link: communityLinks.telegramCommunity,
    text: 'Announcements, maintenance notices and new plans.',
  },
  { link: communityLinks.instagram, text: 'Stories from the desk and our sample certificates.' },
] as const

/**
 * Reliability and community (spec 2.3). Every figure is read from the plans the engine judges
 * (readPlanFacts, the FAQ's source too); no trader counts or payout totals are claimed.
 */
export function ReliabilityFigures() {
  const facts = readPlanFacts()
  const sizes = facts.accountSizes
  const figures = [
    {
      icon: Layers,
      value: String(sizes.length),
      label: 'account sizes',
      detail: `From $${sizes[0]} to $${sizes[sizes.length - 1]}, all simulated.`,
    },
    {
      icon: MonitorSmartphone,
      value: facts.platforms.map((platform) => platform.short).join(' & '),
      label: 'platforms',
      detail: 'Accounts on either platform, with a web terminal in the browser.',
    },
    {
      icon: Percent,
      value: `${facts.profitSplitPercent.standard}%`,
      label: 'profit split',
      detail: `${facts.profitSplitPercent.withAddOn}% with the profit-split add-on.`,
    },
    {
      icon: Wallet,
      value: `${facts.payoutIntervalDays.standard} days`,
      label: 'between payouts',
      detail: `${facts.payoutIntervalDays.withFastPayout} days with the fast-payout add-on.`,
    },
    {
      icon: CalendarClock,
      value: facts.dayReset.time,
      label: `daily reset, ${facts.dayReset.timeZone}`,
      detail: 'The same trading day as MetaTrader servers.',
    },
    {
      icon: Activity,
      value: 'Every tick',
      label: 'risk checks',
      detail: 'Rules are checked on every equity change, with the evidence kept and shown to you.',
    },
  ] as const
  return (
    <div className="grid gap-10">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {figures.map(({ icon: Icon, value, label, detail }) => (
          <li key={label} className="rounded-xl border border-border bg-surface p-5">
            <Icon aria-hidden className="mb-3 size-5 text-primary" />
            <p className="text-2xl font-bold tabular-nums">{value}</p>
            <p className="text-sm font-semibold">{label}</p>
            <p className="mt-1 text-sm text-muted-foreground">{detail}</p>
          </li>
        ))}
      </ul>
      <div>
        <h3 className="mb-4 text-center text-lg font-semibold">Join the community</h3>
        <ul className="grid gap-4 sm:grid-cols-3">
          {community.map(({ link, text }) => (
            <li key={link.href} className="rounded-xl border border-border bg-surface-2 p-5">
              <ExternalLink href={link.href} className="font-semibold text-primary hover:underline">
                {link.label}
              </ExternalLink>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

export default ReliabilityFigures
