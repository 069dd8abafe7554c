import { Hourglass } from 'lucide-react'
import { useId } from 'react'
import { cn } from '@/lib/utils'
import { DocumentTitle } from './document-title'

type ComingSoonProps = {
  title: string
  /** h2 when the page already has its own h1 above the placeholder. */
  headingLevel?: 'h1' | 'h2'
  className?: string
}

/** The one placeholder of pages that later work fills in: the page's name and a neutral note. */
export function ComingSoon({ title, headingLevel = 'h1', className }: ComingSoonProps) {
  const Heading = headingLevel
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-16 text-center',
        className,
      )}
    >
      {headingLevel === 'h1' ? <DocumentTitle title={title} /> : null}
      <div className="mb-5 rounded-full border border-border bg-surface-2 p-4 text-primary">
        <Hourglass aria-hidden className="size-7" />
      </div>
      <Heading id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </Heading>
      <p className="mt-3 max-w-md text-muted-foreground">
        This page is coming soon. We are building it right now.
      </p>
    </section>
  )
}
