import { paths } from './paths'

// The public pages of spec 2.1 that anyone may read and search engines should find: one list for
// the page heads (title, description, canonical URL, Open Graph and Twitter tags), the build's
// prerender of each page to static HTML, /sitemap.xml and /robots.txt (decision 0025). Checkout
// steps, payment screens and certificate checks depend on the visitor or the query string and are
// not in it.

export type PublicPage = {
  path: string
  /** the page's own name; the document title adds the firm's name */
  title: string
  /** meta description: one or two sentences, under ~160 characters */
  description: string
  /** the URL search engines should index for this page; an alias points to the page it repeats */
  canonicalPath: string
}

const page = (path: string, title: string, description: string, canonicalPath = path) => ({
  path,
  title,
  description,
  canonicalPath,
})

const homeDescription =
  'Take a Two Phase or Instant Funding challenge on a simulated MT4 or MT5 account, trade under ' +
  'published rules, get funded and keep most of the profit. One-time fee.'

export const publicPages: readonly PublicPage[] = [
  page(paths.home.path, 'Simulated trading challenges and funded accounts', homeDescription),
  page(
    paths.homeAlias.path,
    'Simulated trading challenges and funded accounts',
    homeDescription,
    paths.home.path,
  ),
  page(
    paths.checkout.pricing.path,
    'Pricing',
    'Prices and rules of every Tradepeak challenge: Two Phase and Instant Funding, simulated ' +
      'accounts of every size on MT4 or MT5, one-time fee.',
  ),
  page(
    paths.info.tradingRules.path,
    'Trading Rules',
    'The rules of every Tradepeak plan: profit targets, daily and maximum loss, minimum trading ' +
      'days, news trading, weekend holding and leverage.',
  ),
  page(
    paths.info.faq.path,
    'Frequently Asked Questions',
    'Answers about Tradepeak challenges: platforms, expert advisors, news and weekend trading, ' +
      'payouts, fee refunds and minimum trading days.',
  ),
  page(
    paths.info.aboutUs.path,
    'About Us',
    'Who we are: Tradepeak evaluates traders on simulated accounts and pays funded traders ' +
      'their share of the profit under published rules.',
  ),
  page(
    paths.info.testimonials.path,
    'Testimonials',
    'What traders say about taking a Tradepeak challenge and trading a funded simulated account.',
  ),
  page(
    paths.info.contactUs.path,
    'Contact Us',
    'Write to Tradepeak support by email, Telegram or Discord, or send us a message with the ' +
      'contact form.',
  ),
  page(
    paths.info.becomeAPartner.path,
    'Become a Partner',
    'Apply to partner with Tradepeak as an affiliate, educator or community: tell us about ' +
      'your audience and how you would like to work together.',
  ),
  page(
    paths.tools.statementCheck.path,
    'Statement Check',
    'Drop an MT4 or MT5 statement: see its MetaTrader summary and whether the trading would ' +
      'have passed our challenges. Read in your browser, never uploaded.',
  ),
  page(
    paths.info.terms.path,
    'Terms & Conditions',
    'The terms of Tradepeak evaluation services: simulated accounts, the one-time fee, ' +
      'refunds, payouts and prohibited practices.',
  ),
  page(
    paths.info.privacyPolicy.path,
    'Privacy Policy',
    'What personal data Tradepeak collects, why, how long it is kept and how to exercise your ' +
      'rights, and how to reach us about it.',
  ),
  page(
    paths.info.disclaimer.path,
    'Disclaimer',
    'Tradepeak provides evaluation services on simulated accounts only: no real funds are ' +
      'traded and nothing on this site is investment advice.',
  ),
]

const byPath = new Map(publicPages.map((entry) => [entry.path, entry]))

/**
 * The route handle of a public page (its title and meta description) from this list, the one
 * source of both: the page head, the prerender and the route table read the same words.
 */
export function pageHandle(path: string): { title: string; description: string } {
  const entry = byPath.get(path)
  if (!entry) throw new Error(`${path} is not in publicPages`)
  return { title: entry.title, description: entry.description }
}

/** The public page at a pathname (a trailing slash is ignored), or undefined. */
export function publicPageFor(pathname: string): PublicPage | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  let decoded = trimmed
  try {
    decoded = decodeURIComponent(trimmed)
  } catch {
    // a malformed escape is simply not a public page
  }
  return byPath.get(decoded)
}

/**
 * The site's public origin (scheme, host, port), set at build time from APP_URL, the variable
 * the server's emailed links use (vite.config.ts); canonical URLs and the sitemap point to it.
 */
export const siteOrigin: string = (
  (import.meta.env.VITE_SITE_ORIGIN as string | undefined) ?? 'http://localhost:3000'
).replace(/\/+$/, '')

/** Absolute URL of a path on the public origin (the path as a browser writes it). */
export function siteUrl(path: string): string {
  return new URL(encodeURI(path), `${siteOrigin}/`).href
}

// in company.ts so that a signed-in page's title does not load the list of pages
export { documentTitle } from './company'
