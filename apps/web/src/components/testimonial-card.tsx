import { formatMoney } from '@tp/domain/money'
import type { Testimonial } from '@tp/api/content/testimonials'
import { cn } from '@/lib/utils'

/** One sample trader (spec 2.4): avatar, name, country, quote and simulated profit. */
export function TestimonialCard({
  testimonial,
  className,
}: {
  testimonial: Testimonial
  className?: string
}) {
  return (
    <figure
      className={cn(
        'flex h-full flex-col gap-4 rounded-xl border border-border bg-surface p-5 text-left',
        className,
      )}
    >
      <blockquote className="flex-1 text-sm leading-relaxed text-foreground">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="flex items-center gap-3">
        <img
          src={testimonial.avatar}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
          className="size-10 shrink-0 rounded-full"
        />
        <span className="grid min-w-0 flex-1 text-sm">
          <span className="truncate font-semibold">{testimonial.name}</span>
          <span className="truncate text-muted-foreground">{testimonial.country}</span>
        </span>
        <span className="grid shrink-0 text-right text-xs text-muted-foreground">
          <span>Simulated profit</span>
          <span className="text-sm font-semibold text-profit">
            {formatMoney(testimonial.profit, { showCents: false })}
          </span>
        </span>
      </figcaption>
    </figure>
  )
}
