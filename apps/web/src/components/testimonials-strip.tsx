import { Pause, Play } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { testimonials, testimonialsNotice, type Testimonial } from '@tp/api/content/testimonials'
import { TestimonialCard } from '@/components/testimonial-card'
import { paths } from '@/config/paths'
import { cn } from '@/lib/utils'

// The marquee's motion lives in a stylesheet React hoists into <head> once (also in the
// prerendered HTML): the track moves by half its width (the list is there twice), pauses while a
// pointer or the keyboard focus is on it or the visitor pressed Pause, and stands still (one copy,
// scrollable sideways) under prefers-reduced-motion.
const stripCss = `
@keyframes tp-testimonials-scroll { to { transform: translateX(-50%); } }
.tp-testimonials-track { width: max-content; animation: tp-testimonials-scroll 90s linear infinite; }
.tp-testimonials-strip:hover .tp-testimonials-track,
.tp-testimonials-strip:focus-within .tp-testimonials-track,
.tp-testimonials-strip[data-paused='true'] .tp-testimonials-track { animation-play-state: paused; }
@media (prefers-reduced-motion: reduce) {
  .tp-testimonials-track { animation: none; }
  .tp-testimonials-viewport { overflow-x: auto; }
  .tp-testimonials-copy, .tp-testimonials-toggle { display: none; }
}
`

type TestimonialsStripProps = {
  items?: readonly Testimonial[]
  className?: string
}

/**
 * The landing page's scrolling strip of the sample testimonials (spec 2.4), labelled as samples,
 * with a link to the full list. Keyboard users reach the strip (focus pauses it) and the Pause
 * button stops it for good.
 */
export function TestimonialsStrip({ items = testimonials, className }: TestimonialsStripProps) {
  const [isPaused, setIsPaused] = useState(false)
  return (
    <div
      className={cn('tp-testimonials-strip grid min-w-0 gap-3', className)}
      data-paused={isPaused}
    >
      <style href="tp-testimonials-strip" precedence="default">
        {stripCss}
      </style>
      <div className="flex flex-wrap items-center justify-between gap-2 px-1 text-xs text-muted-foreground">
        <p>{testimonialsNotice}</p>
        <span className="flex items-center gap-3">
          <button
            type="button"
            className="tp-testimonials-toggle inline-flex items-center gap-1 rounded-md px-2 py-1 hover:text-primary"
            aria-pressed={isPaused}
            onClick={() => setIsPaused((paused) => !paused)}
          >
            {isPaused ? (
              <Play aria-hidden className="size-3.5" />
            ) : (
              <Pause aria-hidden className="size-3.5" />
            )}
            {isPaused ? 'Play testimonials' : 'Pause testimonials'}
          </button>
          <Link to={paths.info.testimonials.getHref()} className="text-primary hover:underline">
            All testimonials
          </Link>
        </span>
      </div>
      <div
        className="tp-testimonials-viewport overflow-hidden rounded-xl"
        role="region"
        aria-label="Sample testimonials"
        tabIndex={0}
      >
        <div className="tp-testimonials-track flex">
          <ul className="flex gap-4 pr-4">
            {items.map((item) => (
              <li key={item.id} className="w-72 shrink-0">
                <TestimonialCard testimonial={item} />
              </li>
            ))}
          </ul>
          <ul className="tp-testimonials-copy flex gap-4 pr-4" aria-hidden>
            {items.map((item) => (
              <li key={item.id} className="w-72 shrink-0">
                <TestimonialCard testimonial={item} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  )
}
