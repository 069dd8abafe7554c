import { DocumentTitle } from '@/components/document-title'
import { NewsletterLinkResult } from '@/features/service/components/newsletter-link-result'

export const handle = {
  title: 'Confirm your subscription',
  description: 'Confirm your subscription to the Tradepeak newsletter.',
}

export default function NewsletterConfirmRoute() {
  return (
    <>
      <DocumentTitle title={handle.title} />
      <NewsletterLinkResult action="confirm" />
    </>
  )
}
