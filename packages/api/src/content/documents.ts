// The shape of the long public documents (about us, disclaimer, terms, privacy policy): sections
// with a stable id (the page's anchor and table-of-contents target), a heading and blocks. The
// web app renders them; the prerender and the structured data read the same objects.

export type DocumentBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  /** the firm's contact details, rendered from the web app's company facts */
  | { kind: 'contact' }

export interface DocumentSection {
  /** anchor: /page#<id> */
  id: string
  heading: string
  blocks: DocumentBlock[]
}

export interface InfoDocument {
  title: string
  /** ISO date (yyyy-mm-dd) the text last changed */
  lastUpdated: string
  /** ISO date the document takes effect, when it says so */
  effectiveDate?: string
  intro: string[]
  sections: DocumentSection[]
}

export const paragraph = (text: string): DocumentBlock => ({ kind: 'paragraph', text })
export const list = (...items: string[]): DocumentBlock => ({ kind: 'list', items })
export const contact: DocumentBlock = { kind: 'contact' }

export const section = (id: string, heading: string, ...blocks: DocumentBlock[]) => ({
  id,
  heading,
  blocks,
})

/** Every text of a document, in order (tests search it; the prerender may index it). */
export function documentText(document: InfoDocument): string {
  const blocks = document.sections.flatMap((s) => [
    s.heading,
    ...s.blocks.flatMap((block) =>
      block.kind === 'paragraph' ? [block.text] : block.kind === 'list' ? block.items : [],
    ),
  ])
  return [document.title, ...document.intro, ...blocks].join('\n')
}
