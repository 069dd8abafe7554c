import { ArrowRight, ShieldCheck, Timer, TrendingUp } from 'lucide-react'
import { Link } from 'react-router'
import { ComingSoon } from '@/components/coming-soon'
import { DocumentTitle } from '@/components/document-title'
import { Button } from '@/components/ui/button'
import { company } from '@/config/company'
import { paths } from '@/config/paths'

const highlights = [
  { icon: TrendingUp, text: 'Simulated accounts from $5K to $1M' },
  { icon: ShieldCheck, text: 'Clear, published trading rules' },
  { icon: Timer, text: 'No time limit in the challenge phase' },
] as const

/** The landing page: a hero for now; its sections arrive with the landing issue. */
export default function LandingRoute() {
  return (
    <>
      <DocumentTitle title="Home" />
      <section className="relative overflow-hidden border-b border-border">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,rgba(45,212,191,0.18),transparent)]"
        />
        <div className="relative mx-auto flex max-w-5xl flex-col items-center px-4 py-20 text-center sm:py-28">
          <p className="mb-4 rounded-full border border-primary/30 bg-primary/10 px-3 py-1 text-xs font-semibold tracking-wide text-primary uppercase">
            Proprietary trading evaluation
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
            {company.name}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-balance text-muted-foreground">
            {company.pitch}
          </p>
          <Button asChild size="lg" className="mt-8">
            <Link to={paths.checkout.pricing.getHref()}>
              START CHALLENGE
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </Button>
          <ul className="mt-10 grid gap-3 text-sm text-muted-foreground sm:grid-cols-3 sm:gap-6">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center justify-center gap-2">
                <Icon aria-hidden className="size-4 text-primary" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <ComingSoon title="More about Tradepeak" headingLevel="h2" />
    </>
  )
}
