import {
  BarChart3,
  Bot,
  CalendarClock,
  Globe2,
  Newspaper,
  Pause,
  Play,
  Receipt,
  ShieldCheck,
  Zap,
  type LucideIcon,
} from 'lucide-react'
import { useState } from 'react'
import { readPlanFacts, type PlanFacts } from '@tp/api/content/plan-facts'
import { useMediaQuery } from '@/hooks/use-media-query'

// The marquee's motion, hoisted into <head> once by React: the track moves by half its width (the
// list is there twice) and pauses on hover, on focus and with the Pause button.
const marqueeCss = `
@keyframes tp-landing-marquee { to { transform: translateX(-50%); } }
.tp-landing-marquee-track { animation: tp-landing-marquee 45s linear infinite; }
.tp-landing-marquee:hover .tp-landing-marquee-track,
.tp-landing-marquee:focus-within .tp-landing-marquee-track,
.tp-landing-marquee[data-paused='true'] .tp-landing-marquee-track { animation-play-state: paused; }
@media (prefers-reduced-motion: reduce) { .tp-landing-marquee-track { animation: none; } }
`

/** What the product does, each line true of the plans on sale (read from the plan facts). */
function featureBanners(facts: PlanFacts) {
  const banners: { icon: LucideIcon; text: string }[] = [
    { icon: Zap, text: 'Accounts created automatically once paid' },
  ]
  if (facts.areExpertAdvisorsAllowed) banners.push({ icon: Bot, text: 'Expert advisors allowed' })
  if (facts.twoPhase.isNewsTradingAllowed) {
    banners.push({ icon: Newspaper, text: `News trading in ${facts.twoPhase.label} challenges` })
  }
  banners.push({
    icon: CalendarClock,
    text:
      facts.maxTradingDays === null
        ? 'No time limit in the challenge phases'
        : `${facts.maxTradingDays} days to pass each phase`,
  })
  banners.push(
    { icon: BarChart3, text: 'Dashboard with trade analytics and rule meters' },
    { icon: ShieldCheck, text: 'Every breach explained with its evidence' },
  )
  if (facts.twoPhase.feeRefundPercent) {
    banners.push({
      icon: Receipt,
      text: `Fee refunded with the first ${facts.twoPhase.label} payout`,
    })
  }
  banners.push({ icon: Globe2, text: 'Web terminal: trade from any browser' })
  return banners
}

/**
 * The scrolling feature banners (spec 2.3): a marquee that pauses on hover, on focus and with its
 * button, and stands still (wrapped lines) for visitors who prefer reduced motion.
 */
export function FeatureBanners() {
  const banners = featureBanners(readPlanFacts())
  const isReducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
  const [isPaused, setIsPaused] = useState(false)
  if (isReducedMotion) {
    return (
      <ul className="flex flex-wrap justify-center gap-3">
        {banners.map(({ icon: Icon, text }) => (
          <li
            key={text}
            className="flex items-center gap-2 rounded-full border border-border px-4 py-2 text-sm"
          >
            <Icon aria-hidden className="size-4 text-primary" />
            {text}
          </li>
        ))}
      </ul>
    )
  }
  return (
    <div className="grid gap-3">
      <style href="tp-landing-marquee" precedence="default">
        {marqueeCss}
      </style>
      <div
        className="tp-landing-marquee relative overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)]"
        data-paused={isPaused}
      >
        <ul className="tp-landing-marquee-track flex w-max gap-3" aria-label="Features">
          {[...banners, ...banners].map(({ icon: Icon, text }, i) => (
            <li
              key={`${text}-${i}`}
              aria-hidden={i >= banners.length || undefined}
              className="flex shrink-0 items-center gap-2 rounded-full border border-border bg-surface px-4 py-2 text-sm whitespace-nowrap"
            >
              <Icon aria-hidden className="size-4 text-primary" />
              {text}
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        onClick={() => setIsPaused((paused) => !paused)}
        aria-pressed={isPaused}
        className="inline-flex items-center gap-1.5 justify-self-center rounded-md px-2 py-1 text-xs text-muted-foreground hover:text-foreground"
      >
        {isPaused ? (
          <Play aria-hidden className="size-3" />
        ) : (
          <Pause aria-hidden className="size-3" />
        )}
        Pause the banners
      </button>
    </div>
  )
}

export default FeatureBanners
