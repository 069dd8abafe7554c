import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { faqItems } from '@tp/api/content/faq'
import { AppProvider } from './app/provider'
import { createRoutes } from './app/router'
import { communityLinks, company } from './config/company'
import { paths } from './config/paths'
import { siteUrl } from './config/public-pages'

export { publicPages, siteOrigin, siteUrl } from './config/public-pages'

/**
 * What robots.txt asks crawlers to leave alone: the API, the signed-in areas, and the pages of
 * one visitor's checkout, payment or password reset (their links may carry a token).
 */
export const robotsDisallow: readonly string[] = [
  '/api/',
  `${paths.user.root.path}/`,
  `${paths.admin.root.path}/`,
  paths.checkout.getFunded.path,
  paths.checkout.cryptoPayment.path,
  paths.checkout.cardPayment.path,
  paths.checkout.paymentSuccess.path,
  paths.auth.resetPassword.path,
  paths.profileSettings.path,
]

/**
 * Structured data (schema.org JSON-LD) of a public page: the firm on the landing page, the
 * questions and answers on the FAQ page (the same items the page shows). Written into the
 * prerendered HTML only: search engines read it there, the browser's bundle never carries it.
 */
export function structuredData(path: string): object[] {
  if (path === paths.home.path || path === paths.homeAlias.path) {
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: company.name,
        url: siteUrl(paths.home.path),
        logo: siteUrl('/favicon.svg'),
        description: company.pitch,
        email: company.supportEmail,
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Vancouver',
          addressRegion: 'British Columbia',
          addressCountry: 'CA',
        },
        sameAs: Object.values(communityLinks).map((link) => link.href),
      },
    ]
  }
  if (path === paths.info.faq.path) {
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: faqItems.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
      },
    ]
  }
  return []
}

/**
 * The build's server render of one public page (decision 0025; scripts/prerender.ts runs it):
 * the same routes and providers as main.tsx, through React Router's static handler (which loads
 * the page's code-split module), rendered signed out, every lazy part awaited. Returns the HTML
 * React writes: the page's hoisted head elements first, then the app's markup.
 */
export async function renderPage(path: string, origin: string): Promise<string> {
  const handler = createStaticHandler(createRoutes())
  const context = await handler.query(new Request(new URL(path, origin)))
  if (context instanceof Response) {
    throw new Error(`prerender ${path}: the route answered a redirect (${context.status})`)
  }
  if (context.statusCode !== 200) {
    throw new Error(`prerender ${path}: status ${context.statusCode}`)
  }
  const router = createStaticRouter(handler.dataRoutes, context)
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider>
        {/* static HTML only: the browser hydrates its islands (public-main.tsx), not this router */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  )
  return new Response(prelude).text()
}
