import { termsDocument } from '@tp/api/content/terms'
import { DocumentPage } from '@/features/info-pages/components/document-page'

/** Title and meta description of the page (the document's own). */
export const handle = { title: termsDocument.title, description: termsDocument.description }

export default function TermsRoute() {
  return <DocumentPage document={termsDocument} />
}
