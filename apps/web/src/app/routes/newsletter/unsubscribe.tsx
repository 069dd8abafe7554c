import { DocumentTitle } from '@/components/document-title'
import { NewsletterLinkResult } from '@/features/service/components/newsletter-link-result'

export const handle = {
  title: 'Unsubscribe',
  description: 'Unsubscribe from the Tradepeak newsletter.',
}

export default function NewsletterUnsubscribeRoute() {
  return (
    <>
      <DocumentTitle title={handle.title} />
      <NewsletterLinkResult action="unsubscribe" />
    </>
  )
}
