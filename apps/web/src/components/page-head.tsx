import { company } from '@/config/company'
import { documentTitle, siteUrl, type PublicPage } from '@/config/public-pages'

export { HeadOwnedContext, useIsHeadOwned } from './head-owned'

/**
 * The head of a public page: title, meta description, canonical URL, Open Graph and Twitter
 * tags. React 19 hoists these elements into <head>, in the build's prerender (static HTML) as in
 * the browser, and swaps them when the visitor moves to another page.
 */
export function PageHead({ page }: { page: PublicPage }) {
  const title = documentTitle(page.title)
  const url = siteUrl(page.canonicalPath)
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={page.description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={company.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={page.description} />
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={page.description} />
    </>
  )
}
