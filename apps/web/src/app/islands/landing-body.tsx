import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { LandingSectionBody } from '@/features/landing/components/landing-section'
import { landingSectionIds } from '@/features/landing/sections'

// The landing page's section bodies (an island each, decision 0029), composed here because two
// of them come from other features: the checkout's account chooser and the service feature's
// newsletter form. Each body is a chunk of its own, loaded as the visitor nears its section;
// those that need TanStack Query load it with them (QueryIsland), not with the page.

const QueryIsland = lazy(() => import('@/lib/query-island'))

const bodies: Record<string, LazyExoticComponent<ComponentType>> = {
  [landingSectionIds.chooser]: lazy(() =>
    import('@/features/checkout/components/account-chooser').then((module) => ({
      default: module.AccountChooser,
    })),
  ),
  [landingSectionIds.performance]: lazy(
    () => import('@/features/landing/components/performance-demo'),
  ),
  [landingSectionIds.reliability]: lazy(
    () => import('@/features/landing/components/reliability-figures'),
  ),
  [landingSectionIds.faq]: lazy(() => import('@/features/landing/components/landing-faq')),
  [landingSectionIds.features]: lazy(() => import('@/features/landing/components/feature-banners')),
  [landingSectionIds.showcase]: lazy(() => import('@/features/landing/components/laptop-showcase')),
  [landingSectionIds.certificates]: lazy(
    () => import('@/features/landing/components/certificates-strip'),
  ),
  [landingSectionIds.testimonials]: lazy(
    () => import('@/features/landing/components/landing-testimonials'),
  ),
  [landingSectionIds.broker]: lazy(() => import('@/features/landing/components/broker-section')),
  [landingSectionIds.newsletter]: lazy(async () => {
    const [{ NewsletterSection }, { NewsletterForm }] = await Promise.all([
      import('@/features/landing/components/newsletter-section'),
      import('@/features/service/components/newsletter-form'),
    ])
    return {
      default: () => <NewsletterSection form={<NewsletterForm variant="section" />} />,
    }
  }),
}

/** The sections whose body needs a query cache (the newsletter form asks for its token). */
const queryBodies = new Set<string>([landingSectionIds.newsletter])

export function LandingBody({ section, reserve }: { section: string; reserve: string }) {
  const Body = bodies[section]
  return (
    <LandingSectionBody section={section} reserve={reserve}>
      {Body === undefined ? null : queryBodies.has(section) ? (
        <QueryIsland>
          <Body />
        </QueryIsland>
      ) : (
        <Body />
      )}
    </LandingSectionBody>
  )
}

export default LandingBody
