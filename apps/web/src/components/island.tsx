import type { ReactNode } from 'react'

// Islands of a prerendered public page (decision 0029). A public page is served as its
// prerendered HTML and hydrated in parts: each interactive part is wrapped in an <Island>, whose
// element names the part (app/islands/registry.ts maps the name to its code) and carries its
// props as JSON. The public entry (src/public-main.tsx) hydrates each island on its own with
// react-dom; the rest of the page stays the server's HTML, its links plain page loads. Inside the
// signed-in app (React Router) an island is just its children in a box that does not lay out.

/** The names of the public pages' islands: app/islands/registry.ts has the code of each. */
export type IslandName =
  | 'top-nav'
  | 'start-challenge'
  | 'landing-body'
  | 'footer-newsletter'
  | 'faq-accordion'
  | 'contact-form'
  | 'partner-form'
  | 'trading-rules'
  | 'pricing'
  | 'statement-check'

type IslandProps = {
  name: IslandName
  /** what the island's component is rendered with, as JSON: the same on both sides */
  props?: Record<string, unknown>
  /** the island's component with exactly `props` */
  children: ReactNode
}

export function Island({ name, props, children }: IslandProps) {
  return (
    <div
      data-island={name}
      data-props={props === undefined ? undefined : JSON.stringify(props)}
      className="contents"
    >
      {children}
    </div>
  )
}
