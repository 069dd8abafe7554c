import { termsDocument } from '@tp/api/content/terms'
import { DocumentPage } from '@/features/info-pages/components/document-page'
import { pageHandle } from '@/config/public-pages'
import { paths } from '@/config/paths'

/** Title and meta description of the page, from the list of public pages. */
export const handle = pageHandle(paths.info.terms.path)

export default function TermsRoute() {
  return <DocumentPage document={termsDocument} />
}
