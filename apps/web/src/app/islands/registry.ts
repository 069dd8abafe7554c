import type { ComponentType } from 'react'
import type { IslandName } from '@/components/island'

// The code of each island of the prerendered public pages (decision 0029), by the name its
// <Island> element carries. Each entry is its own chunk: a page loads the islands it has.
// `withQuery`: the island's code needs TanStack Query from the first render (it is wrapped in
// QueryIsland, loaded with it). An island that needs it only for a signed-in visitor (the top
// navigation's account menu) gets it when a session is stored.

type AnyComponent = ComponentType<Record<string, unknown>>
export type IslandEntry = { load: () => Promise<AnyComponent>; withQuery?: boolean }

const component = <P>(loaded: ComponentType<P>) => loaded as unknown as AnyComponent

export const islands: Record<IslandName, IslandEntry> = {
  'top-nav': {
    load: () => import('./top-nav-island').then((m) => m.loadTopNavIsland()),
  },
  'start-challenge': {
    load: () =>
      import('@/features/landing/components/start-challenge-button').then((m) =>
        component(m.StartChallengeButton),
      ),
  },
  'landing-body': {
    load: () => import('./landing-body').then((m) => component(m.LandingBody)),
  },
  'footer-newsletter': {
    load: () => import('../footer-newsletter').then((m) => component(m.FooterNewsletter)),
  },
  'faq-accordion': {
    load: () => import('@/components/faq-accordion').then((m) => component(m.LinkedFaqAccordion)),
  },
  'contact-form': {
    load: () =>
      import('@/features/service/components/contact-form').then((m) => component(m.ContactForm)),
    withQuery: true,
  },
  'partner-form': {
    load: () =>
      import('@/features/service/components/partner-form').then((m) => component(m.PartnerForm)),
    withQuery: true,
  },
  'trading-rules': {
    load: () =>
      import('@/features/info-pages/components/trading-rules-page').then((m) =>
        component(m.TradingRulesBody),
      ),
  },
  pricing: {
    load: () =>
      import('@/features/checkout/components/pricing-explorer').then((m) =>
        component(m.PricingExplorer),
      ),
  },
  'statement-check': {
    load: () => import('./statement-check').then((m) => component(m.StatementCheckWithMetrics)),
    withQuery: true,
  },
}
