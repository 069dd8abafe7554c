import type { ReactNode } from 'react'
import { landingSectionIds } from '../sections'
import { Hero } from './hero'
import { LandingSection } from './landing-section'

export type LandingPageProps = {
  /**
   * A section's body by its id (landingSectionIds), in its reserved space: the page composing
   * the landing page renders each, with LandingSectionBody, as an island (decision 0029). The
   * bodies use other features too (the checkout's account chooser, the service feature's
   * newsletter form), which this feature does not import.
   */
  renderBody: (section: { id: string; reserve: string }) => ReactNode
}

/**
 * The landing page of spec 2.3, its sections in the spec's order, each reachable by its URL hash
 * (landingSectionIds). The hero renders at once; the rest load near the screen (LandingSection),
 * in space held for them so the page does not jump.
 */
export function LandingPage({ renderBody }: LandingPageProps) {
  return (
    <>
      <Hero />
      <LandingSection
        id={landingSectionIds.chooser}
        eyebrow="Choose your account"
        title="Start your challenge in three steps"
        intro={
          <ol className="flex flex-wrap justify-center gap-x-6 gap-y-1 text-sm">
            <li>1. Challenge type</li>
            <li>2. Platform</li>
            <li>3. Account size</li>
          </ol>
        }
        reserve="min-h-[81rem] sm:min-h-[54rem] lg:min-h-[33rem]"
        renderBody={renderBody}
      />
      <LandingSection
        id={landingSectionIds.performance}
        eyebrow="Live performance demo"
        title="Watch a simulated account trade"
        intro="A simulated profit curve that moves while you watch. It shows how the dashboard charts a trader's account; the figures are made up."
        reserve="min-h-[21rem] sm:min-h-[24rem] md:min-h-[27rem] lg:min-h-[31rem]"
        className="bg-surface/40"
        renderBody={renderBody}
      />
      <LandingSection
        id={landingSectionIds.reliability}
        eyebrow="Reliability and community"
        title="Rules you can check, people you can ask"
        intro="Every figure below comes from the plans and rulebooks the evaluation engine uses."
        reserve="min-h-[86rem] sm:min-h-[47rem] lg:min-h-[34rem]"
        renderBody={renderBody}
      />
      <LandingSection
        id={landingSectionIds.faq}
        eyebrow="FAQ"
        title="Questions traders ask first"
        reserve="min-h-[20.5rem]"
        className="bg-surface/40"
        renderBody={renderBody}
      />
      <LandingSection
        id={landingSectionIds.features}
        eyebrow="Features"
        title="Everything a challenge needs"
        reserve="min-h-[4.5rem]"
        renderBody={renderBody}
      />
      <LandingSection
        id={landingSectionIds.showcase}
        eyebrow="Your dashboard"
        title="Your trading, on one screen"
        intro="Balance, equity, rule meters and every trade analysed, updated as you trade."
        reserve="min-h-[15rem] sm:min-h-[24rem] md:min-h-[28rem] lg:min-h-[29.5rem]"
        className="overflow-hidden bg-surface/40"
        renderBody={renderBody}
      />
      <LandingSection
        id={landingSectionIds.certificates}
        eyebrow="Certificates"
        title="A certificate for every milestone"
        intro="Passing Phase 2 and every payout earn a certificate that anyone can verify."
        reserve="min-h-[15rem]"
        renderBody={renderBody}
      />
      <LandingSection
        id={landingSectionIds.testimonials}
        eyebrow="Testimonials"
        title="What traders say"
        intro="Sample traders and their words, to show the kind of story a funded trader tells."
        reserve="min-h-[14rem]"
        className="overflow-hidden bg-surface/40"
        renderBody={renderBody}
      />
      <LandingSection
        id={landingSectionIds.broker}
        eyebrow="Broker"
        title="Where your account trades"
        reserve="min-h-[48rem] sm:min-h-[33rem] lg:min-h-[23rem]"
        renderBody={renderBody}
      />
      <LandingSection
        id={landingSectionIds.newsletter}
        eyebrow="Newsletter"
        title="News, rule updates and new plans"
        intro="Rule updates, new plans and announcements by email: confirm with the link we send, unsubscribe from any email."
        reserve="min-h-[25rem] sm:min-h-[22rem] md:min-h-[15.5rem] lg:min-h-[13.25rem]"
        className="bg-surface/40"
        renderBody={renderBody}
      />
    </>
  )
}
