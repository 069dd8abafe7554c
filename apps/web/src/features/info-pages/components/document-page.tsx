import { Link2, Mail, MapPin } from 'lucide-react'
import type { ReactNode } from 'react'
import type { DocumentBlock, InfoDocument } from '@tp/api/content/documents'
import { DocumentTitle } from '@/components/document-title'
import { company } from '@/config/company'
import { cn } from '@/lib/utils'

/** A section the page adds to the document (e.g. the privacy page's quick-contact form). */
export type ExtraSection = { id: string; heading: string; content: ReactNode }

type DocumentPageProps = {
  document: InfoDocument
  /** sections after the document's own, listed in the table of contents too */
  extraSections?: readonly ExtraSection[]
}

/** Documents with at least this many sections get a table of contents. */
const tableOfContentsFrom = 5

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** "2025-04-06" -> "April 6, 2025". */
export function formatDocumentDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`))
}

/**
 * The long-document layout of the information pages: title, last-updated (and effective) date,
 * a table of contents on long documents, each section an h2 with its anchor link.
 */
export function DocumentPage({ document, extraSections = [] }: DocumentPageProps) {
  const contents = [
    ...document.sections.map(({ id, heading }) => ({ id, heading })),
    ...extraSections.map(({ id, heading }) => ({ id, heading })),
  ]
  const hasTableOfContents = contents.length >= tableOfContentsFrom
  return (
    <article className="mx-auto w-full max-w-6xl min-w-0 px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title={document.title} />
      <header className="mb-8 grid gap-3 border-b border-border pb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{document.title}</h1>
        <p className="text-sm text-muted-foreground">
          {document.effectiveDate ? (
            <>
              Effective{' '}
              <time dateTime={document.effectiveDate}>
                {formatDocumentDate(document.effectiveDate)}
              </time>
              {' · '}
            </>
          ) : null}
          Last updated{' '}
          <time dateTime={document.lastUpdated}>{formatDocumentDate(document.lastUpdated)}</time>
        </p>
        {document.intro.map((text) => (
          <p key={text} className="max-w-3xl leading-relaxed text-muted-foreground">
            {text}
          </p>
        ))}
      </header>
      <div
        className={cn(
          'grid min-w-0 gap-10',
          hasTableOfContents && 'lg:grid-cols-[15rem_minmax(0,1fr)]',
        )}
      >
        {hasTableOfContents ? (
          <nav aria-label="On this page" className="min-w-0 lg:sticky lg:top-24 lg:self-start">
            <h2 className="mb-3 text-sm font-semibold">On this page</h2>
            <ol className="grid gap-2 border-l border-border pl-4 text-sm">
              {contents.map((entry) => (
                <li key={entry.id}>
                  <a
                    href={`#${entry.id}`}
                    className="text-muted-foreground hover:text-primary focus-visible:text-primary"
                  >
                    {entry.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className="grid max-w-3xl min-w-0 gap-10">
          {document.sections.map((section) => (
            <DocumentSection key={section.id} id={section.id} heading={section.heading}>
              {section.blocks.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </DocumentSection>
          ))}
          {extraSections.map((section) => (
            <DocumentSection key={section.id} id={section.id} heading={section.heading}>
              {section.content}
            </DocumentSection>
          ))}
        </div>
      </div>
    </article>
  )
}

function DocumentSection({
  id,
  heading,
  children,
}: {
  id: string
  heading: string
  children: ReactNode
}) {
  const headingId = `${id}-heading`
  return (
    <section id={id} aria-labelledby={headingId} className="grid min-w-0 scroll-mt-24 gap-3">
      <h2 id={headingId} className="group flex items-baseline gap-2 text-xl font-semibold">
        <span className="min-w-0 break-words">{heading}</span>
        <a
          href={`#${id}`}
          className="shrink-0 text-muted-foreground opacity-60 group-hover:opacity-100 hover:text-primary focus-visible:opacity-100"
          aria-label={`Link to section ${heading}`}
        >
          <Link2 aria-hidden className="size-4" />
        </a>
      </h2>
      {children}
    </section>
  )
}

function Block({ block }: { block: DocumentBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <p className="leading-relaxed break-words text-muted-foreground">{block.text}</p>
    case 'list':
      return (
        <ul className="grid list-disc gap-2 pl-5 leading-relaxed text-muted-foreground marker:text-primary">
          {block.items.map((item) => (
            <li key={item} className="break-words">
              {item}
            </li>
          ))}
        </ul>
      )
    case 'contact':
      return <ContactDetails />
  }
}

function ContactDetails() {
  return (
    <address className="grid gap-2 text-sm text-muted-foreground not-italic">
      <span className="flex items-center gap-2">
        <Mail aria-hidden className="size-4 shrink-0 text-primary" />
        <a
          className="break-all text-foreground hover:text-primary"
          href={`mailto:${company.supportEmail}`}
        >
          {company.supportEmail}
        </a>
      </span>
      <span className="flex items-start gap-2">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
        {company.registeredOffice}
      </span>
    </address>
  )
}
