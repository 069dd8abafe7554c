import { disclaimerDocument } from '@tp/api/content/disclaimer'
import { DocumentPage } from '@/features/info-pages/components/document-page'
import { pageHandle } from '@/config/public-pages'
import { paths } from '@/config/paths'

/** Title and meta description of the page, from the list of public pages. */
export const handle = pageHandle(paths.info.disclaimer.path)

export default function DisclaimerRoute() {
  return <DocumentPage document={disclaimerDocument} />
}
