import { faqItems } from '@tp/api/content/faq'
import { DocumentTitle } from '@/components/document-title'
import { LinkedFaqAccordion } from '@/components/faq-accordion'
import { Island } from '@/components/island'
import { paths } from '@/config/paths'
import { AppLink } from '@/lib/navigation'

/** /faq: the 20 questions of spec 2.5, one open at a time; /faq#<id> opens that one. */
export function FaqPage() {
  return (
    <div className="mx-auto w-full max-w-3xl min-w-0 px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title="Frequently Asked Questions" />
      <header className="mb-8 grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          Frequently Asked Questions
        </h1>
        <p className="leading-relaxed text-muted-foreground">
          Answers about our challenges, rules and payouts. The full rules for every plan and account
          size are on the{' '}
          <AppLink
            to={paths.info.tradingRules.getHref()}
            className="text-primary underline underline-offset-2 hover:text-primary-hover"
          >
            trading rules
          </AppLink>{' '}
          page; anything else, ask us on the{' '}
          <AppLink
            to={paths.info.contactUs.getHref()}
            className="text-primary underline underline-offset-2 hover:text-primary-hover"
          >
            contact page
          </AppLink>
          .
        </p>
      </header>
      <section aria-labelledby="faq-questions-heading">
        <h2 id="faq-questions-heading" className="sr-only">
          Questions and answers
        </h2>
        <Island name="faq-accordion" props={{ items: faqItems }}>
          <LinkedFaqAccordion items={faqItems} />
        </Island>
      </section>
    </div>
  )
}
