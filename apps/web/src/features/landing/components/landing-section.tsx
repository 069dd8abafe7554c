import { Suspense, useId, useRef, type ReactNode } from 'react'
import { useNearViewport } from '@/hooks/use-near-viewport'
import { cn } from '@/lib/utils'
import { useHasInteracted, useLandingHash } from '../hooks/use-landing-navigation'

type LandingSectionProps = {
  /** the section's URL hash (see landingSectionIds) */
  id: string
  eyebrow?: string
  title: string
  intro?: ReactNode
  /**
   * The space the body takes once loaded (Tailwind min-height classes per breakpoint), held while
   * it loads so nothing below moves when it arrives.
   */
  reserve: string
  /**
   * The body (code-split parts, rendered only once the visitor nears the section): the page
   * composing the landing page renders it, as an island, with LandingSectionBody.
   */
  renderBody: (section: { id: string; reserve: string }) => ReactNode
  className?: string
}

/**
 * One section of the landing page: its heading and introduction are part of the first render (and
 * of the prerendered HTML); its body, with the code it needs, loads when the section comes near
 * the screen: on screen before any interaction, within a screen once the visitor scrolls, at once
 * when a link to a section was followed.
 */
export function LandingSection({
  id,
  eyebrow,
  title,
  intro,
  reserve,
  renderBody,
  className,
}: LandingSectionProps) {
  const headingId = useId()
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      tabIndex={-1}
      className={cn('scroll-mt-16 py-16 outline-none sm:py-24', className)}
    >
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          {eyebrow ? (
            <p className="mb-3 text-xs font-semibold tracking-wide text-primary uppercase">
              {eyebrow}
            </p>
          ) : null}
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          {intro ? (
            <div className="mt-4 text-base text-balance text-muted-foreground">{intro}</div>
          ) : null}
        </div>
        {renderBody({ id, reserve })}
      </div>
    </section>
  )
}

/**
 * A section's body, in the space it takes once loaded (`reserve`), rendered when the visitor
 * nears it: on screen before any interaction, within a screen once the visitor scrolls, at once
 * when a link to a section was followed. An island of the prerendered page: the server's HTML is
 * the empty reserved box, the browser fills it.
 */
export function LandingSectionBody({
  section,
  reserve,
  children,
}: {
  section: string
  reserve: string
  children: ReactNode
}) {
  const bodyRef = useRef<HTMLDivElement>(null)
  const hasInteracted = useHasInteracted()
  const isEveryPartWanted = useLandingHash(section)
  const isNear = useNearViewport(bodyRef, {
    rootMargin: hasInteracted ? '100% 0px' : '0px',
    isForced: isEveryPartWanted,
  })
  return (
    <div ref={bodyRef} className={reserve} data-loaded={isNear ? 'true' : 'false'}>
      {isNear ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  )
}
