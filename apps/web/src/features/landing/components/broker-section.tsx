import { Gauge, Layers3, MonitorSmartphone, Server } from 'lucide-react'
import { readPlanFacts } from '@tp/api/content/plan-facts'
import { company } from '@/config/company'

/**
 * The broker section (spec 2.3): the partner that runs the accounts, four feature cards read from
 * the plans, and the spec's "More options coming soon". The accounts are simulated (decisions.md):
 * they run on the firm's own simulated MetaTrader-compatible trading server.
 */
export function BrokerSection() {
  const facts = readPlanFacts()
  const platforms = facts.platforms.map((platform) => platform.short).join(' and ')
  const cards = [
    {
      icon: MonitorSmartphone,
      title: `${platforms} accounts`,
      text: `Pick ${platforms} at checkout; your login, password and server arrive by email and on the dashboard.`,
    },
    {
      icon: Gauge,
      title: `Leverage up to 1:${facts.leverage.max}`,
      text: `1:${facts.leverage.standard} as standard; you may choose up to 1:${facts.leverage.max}, on every plan.`,
    },
    {
      icon: Layers3,
      title: `Up to ${facts.maxLotsPerForexOrder} lots per order`,
      text: `Forex orders of up to ${facts.maxLotsPerForexOrder} lots, filled at the simulated market price.`,
    },
    {
      icon: Server,
      title: 'Web terminal included',
      text: 'Trade, watch your margin and close positions from any browser, no install needed.',
    },
  ] as const
  return (
    <div className="grid gap-8">
      <div className="mx-auto flex max-w-xl items-center gap-4 rounded-xl border border-primary/30 bg-primary/5 p-5">
        <Server aria-hidden className="size-8 shrink-0 text-primary" />
        <div>
          <h3 className="text-lg font-semibold">{company.name} Simulated Markets</h3>
          <p className="text-sm text-muted-foreground">
            Our partner trading server: MetaTrader-compatible accounts with simulated prices and
            fills. No real funds are traded.
          </p>
        </div>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-border bg-surface p-5">
            <Icon aria-hidden className="mb-3 size-5 text-primary" />
            <h3 className="font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
      <p className="text-center text-sm font-semibold text-muted-foreground">
        More options coming soon
      </p>
    </div>
  )
}

export default BrokerSection
