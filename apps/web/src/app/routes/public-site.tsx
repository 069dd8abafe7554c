import { Island } from '@/components/island'
import { PublicLayout } from '@/components/layouts/public-layout'
import { FooterNewsletter } from '../footer-newsletter'

/**
 * The public site's layout with the footer's newsletter island. A route module of its own: the
 * signed-in app (the SPA shell) loads it, the footer and the public pages' head only when it shows
 * a public page, never on a /user or /admin page (decision 0041).
 */
export default function PublicSiteRoute() {
  return (
    <PublicLayout
      footerNewsletter={
        <Island name="footer-newsletter">
          <FooterNewsletter />
        </Island>
      }
    />
  )
}
