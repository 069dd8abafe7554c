import { aboutUsDocument } from '@tp/api/content/about-us'
import { DocumentPage } from '@/features/info-pages/components/document-page'
import { pageHandle } from '@/config/public-pages'
import { paths } from '@/config/paths'

/** Title and meta description of the page, from the list of public pages. */
export const handle = pageHandle(paths.info.aboutUs.path)

export default function AboutUsRoute() {
  return <DocumentPage document={aboutUsDocument} />
}
