import { lazy } from 'react'
import { DocumentTitle } from '@/components/document-title'
import { LandingPage } from '@/features/landing/components/landing-page'

// The landing page needs two other features: the checkout's account chooser and the service
// feature's newsletter form. Composed here (features do not import each other), each code-split:
// the landing page loads them only when the visitor nears their section.
const AccountChooser = lazy(() =>
  import('@/features/checkout/components/account-chooser').then((module) => ({
    default: module.AccountChooser,
  })),
)
const NewsletterForm = lazy(() =>
  import('@/features/service/components/newsletter-form').then((module) => ({
    default: module.NewsletterForm,
  })),
)

/** / and /home (spec 2.3). */
export default function LandingRoute() {
  return (
    <>
      <DocumentTitle title="Home" />
      <LandingPage
        chooser={<AccountChooser />}
        newsletterForm={<NewsletterForm variant="section" />}
      />
    </>
  )
}
