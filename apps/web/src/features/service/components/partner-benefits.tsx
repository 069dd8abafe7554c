import { BadgePercent, Handshake, LineChart, Megaphone } from 'lucide-react'

const benefits = [
  {
    icon: BadgePercent,
    title: 'A coupon code for your audience',
    text: 'We create a discount code in your name for your community, applied at checkout before the crypto discount.',
  },
  {
    icon: Handshake,
    title: 'A partner manager',
    text: 'One person at Tradepeak who answers your questions and agrees the terms of the partnership with you.',
  },
  {
    icon: LineChart,
    title: 'Honest material to share',
    text: 'The real rules, fees and payout terms of every plan, with the same numbers as our pricing and rules pages.',
  },
  {
    icon: Megaphone,
    title: 'Room for every kind of partner',
    text: 'Affiliates, brokers, educators and communities: tell us how you work and we shape the partnership around it.',
  },
] as const

/** What partners get, beside the application form (spec 2.5 become-a-partner). */
export function PartnerBenefits() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {benefits.map(({ icon: Icon, title, text }) => (
        <li key={title} className="grid gap-2 rounded-lg border border-border p-4">
          <Icon aria-hidden className="size-5 text-primary" />
          <h3 className="font-semibold">{title}</h3>
          <p className="text-sm text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  )
}
