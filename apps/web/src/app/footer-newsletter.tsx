import { lazy, Suspense, useRef } from 'react'
import { useNearViewport } from '@/hooks/use-near-viewport'

const QueryIsland = lazy(() => import('@/lib/query-island'))
const NewsletterForm = lazy(() =>
  import('@/features/service/components/newsletter-form').then((module) => ({
    default: module.NewsletterForm,
  })),
)

/**
 * The footer's e-mail field: the service feature's newsletter form, which the shared footer gets
 * from here. Its code loads when the footer nears the screen, in space held for it.
 */
export function FooterNewsletter() {
  const ref = useRef<HTMLDivElement>(null)
  const isNear = useNearViewport(ref, { rootMargin: '300px 0px' })
  return (
    <div ref={ref} className="min-h-9">
      {isNear ? (
        <Suspense fallback={null}>
          <QueryIsland>
            <NewsletterForm variant="footer" />
          </QueryIsland>
        </Suspense>
      ) : null}
    </div>
  )
}
