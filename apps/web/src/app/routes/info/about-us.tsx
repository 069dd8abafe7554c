import { aboutUsDocument } from '@tp/api/content/about-us'
import { DocumentPage } from '@/features/info-pages/components/document-page'

/** Title and meta description of the page (the document's own). */
export const handle = { title: aboutUsDocument.title, description: aboutUsDocument.description }

export default function AboutUsRoute() {
  return <DocumentPage document={aboutUsDocument} />
}
