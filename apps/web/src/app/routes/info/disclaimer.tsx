import { disclaimerDocument } from '@tp/api/content/disclaimer'
import { DocumentPage } from '@/features/info-pages/components/document-page'

/** Title and meta description of the page (the document's own). */
export const handle = {
  title: disclaimerDocument.title,
  description: disclaimerDocument.description,
}

export default function DisclaimerRoute() {
  return <DocumentPage document={disclaimerDocument} />
}
