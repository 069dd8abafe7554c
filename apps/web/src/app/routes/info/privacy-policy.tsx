import { privacyPolicyDocument, privacyRequestAnswerDays } from '@tp/api/content/privacy-policy'
import { Island } from '@/components/island'
import { DocumentPage } from '@/features/info-pages/components/document-page'
import { ContactForm } from '@/features/service/components/contact-form'
import { pageHandle } from '@/config/public-pages'
import { paths } from '@/config/paths'

/** Title and meta description of the page, from the list of public pages. */
export const handle = pageHandle(paths.info.privacyPolicy.path)

/** The privacy policy with its quick-contact form, which files a contact message (spec 2.5). */
export default function PrivacyPolicyRoute() {
  return (
    <DocumentPage
      document={privacyPolicyDocument}
      extraSections={[
        {
          id: 'quick-contact',
          heading: 'Quick contact',
          content: (
            <div className="grid gap-4">
              <p className="leading-relaxed text-muted-foreground">
                Send a privacy request or a question about your data. We answer within{' '}
                {privacyRequestAnswerDays} days.
              </p>
              <Island name="contact-form" props={{ variant: 'compact' }}>
                <ContactForm variant="compact" />
              </Island>
            </div>
          ),
        },
      ]}
    />
  )
}
