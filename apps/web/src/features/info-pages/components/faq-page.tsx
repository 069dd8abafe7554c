import { Link, useLocation } from 'react-router'
import { faqItems } from '@tp/api/content/faq'
import { DocumentTitle } from '@/components/document-title'
import { FaqAccordion } from '@/components/faq-accordion'
import { paths } from '@/config/paths'

/** /faq: the 20 questions of spec 2.5, one open at a time; /faq#<id> opens that one. */
export function FaqPage() {
  const { hash } = useLocation()
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
          <Link
            to={paths.info.tradingRules.getHref()}
            className="text-primary underline underline-offset-2 hover:text-primary-hover"
          >
            trading rules
          </Link>{' '}
          page; anything else, ask us on the{' '}
          <Link
            to={paths.info.contactUs.getHref()}
            className="text-primary underline underline-offset-2 hover:text-primary-hover"
          >
            contact page
          </Link>
          .
        </p>
      </header>
      <section aria-labelledby="faq-questions-heading">
        <h2 id="faq-questions-heading" className="sr-only">
          Questions and answers
        </h2>
        <FaqAccordion items={faqItems} linkedId={linkedId(hash)} />
      </section>
    </div>
  )
}

/** "#payouts" -> "payouts"; a malformed escape links nowhere. */
function linkedId(hash: string): string | undefined {
  try {
    return decodeURIComponent(hash.slice(1)) || undefined
  } catch {
    return undefined
  }
}
