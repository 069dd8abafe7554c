import { Star } from 'lucide-react'
import { reviewSite, testimonials, testimonialsNotice } from '@tp/api/content/testimonials'
import { DocumentTitle } from '@/components/document-title'
import { ExternalLink } from '@/components/external-link'
import { TestimonialCard } from '@/components/testimonial-card'

/** /testimonials: the 20 sample traders of spec 2.4, labelled as samples, and the review site. */
export function TestimonialsPage() {
  return (
    <div className="mx-auto w-full max-w-6xl min-w-0 px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title="Testimonials" />
      <header className="mb-8 grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Testimonials</h1>
        <p className="max-w-3xl leading-relaxed text-muted-foreground">
          What trading with Tradepeak looks like, in the words of sample traders.
        </p>
        <p className="max-w-3xl rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-foreground">
          {testimonialsNotice}
        </p>
        <p>
          <ExternalLink
            href={reviewSite.href}
            className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline"
          >
            <Star aria-hidden className="size-4" />
            {reviewSite.label}
          </ExternalLink>
        </p>
      </header>
      <section aria-labelledby="testimonials-list-heading">
        <h2 id="testimonials-list-heading" className="sr-only">
          Sample testimonials
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id} className="min-w-0">
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
