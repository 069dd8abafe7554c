import { ArrowRight } from 'lucide-react'
import { landingFaqItems } from '@tp/api/content/faq'
import { FaqAccordion } from '@/components/faq-accordion'
import { paths } from '@/config/paths'
import { AppLink } from '@/lib/navigation'

/** The landing page's five questions (spec 2.3), one answer open at a time, and the full FAQ. */
export function LandingFaq() {
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <FaqAccordion items={landingFaqItems} />
      <AppLink
        to={paths.info.faq.getHref()}
        className="inline-flex items-center gap-2 justify-self-center text-sm font-semibold text-primary hover:underline"
      >
        All questions and answers
        <ArrowRight aria-hidden className="size-4" />
      </AppLink>
    </div>
  )
}

export default LandingFaq
