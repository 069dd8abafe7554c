import { BadgePercent, MonitorSmartphone, ShieldCheck, TrendingUp } from 'lucide-react'
import { Island } from '@/components/island'
import { Button } from '@/components/ui/button'
import { company } from '@/config/company'
import { AppLink } from '@/lib/navigation'
import { landingSectionIds } from '../sections'
import { StartChallengeButton } from './start-challenge-button'

/**
 * The feature highlights under START CHALLENGE. Static text, so the first screen needs no plan
 * code; hero.test.tsx checks every figure against the plans of @tp/domain.
 */
export const heroHighlights = [
  { icon: TrendingUp, text: 'Simulated accounts from $5K to $1M' },
  { icon: BadgePercent, text: '90% profit split, 100% with the add-on' },
  { icon: MonitorSmartphone, text: 'MetaTrader 4 or MetaTrader 5' },
  { icon: ShieldCheck, text: 'Published rules, checked on every equity change' },
] as const

/** The first screen: the firm's pitch, START CHALLENGE and the feature highlights. */
export function Hero() {
  return (
    <section
      id={landingSectionIds.hero}
      aria-labelledby="landing-hero-title"
      tabIndex={-1}
      className="relative flex min-h-[calc(100svh-4rem)] scroll-mt-16 items-center overflow-hidden border-b border-border outline-none"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,rgba(45,212,191,0.18),transparent)]"
      />
      <div className="relative mx-auto flex w-full max-w-5xl flex-col items-center px-4 py-16 text-center sm:py-24">
        <p className="mb-4 rounded-full border border-primary/30 bg-primary/10 px-3 py-1 text-xs font-semibold tracking-wide text-primary uppercase">
          Proprietary trading evaluation
        </p>
        <h1
          id="landing-hero-title"
          className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl"
        >
          Trade the challenge. Get funded with {company.name}.
        </h1>
        <p className="mt-5 max-w-xl text-lg text-balance text-muted-foreground">{company.pitch}</p>
        <div className="mt-8 flex w-full flex-col items-center justify-center gap-3 sm:flex-row">
          <Island name="start-challenge">
            <StartChallengeButton />
          </Island>
          <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
            <AppLink to={`#${landingSectionIds.faq}`}>Read the FAQ</AppLink>
          </Button>
        </div>
        <ul className="mt-10 grid w-full max-w-3xl gap-3 text-sm text-muted-foreground sm:grid-cols-2 sm:gap-4">
          {heroHighlights.map(({ icon: Icon, text }) => (
            <li
              key={text}
              className="flex items-center gap-2 rounded-lg border border-border/60 bg-surface/60 px-4 py-3 text-left"
            >
              <Icon aria-hidden className="size-4 shrink-0 text-primary" />
              {text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
