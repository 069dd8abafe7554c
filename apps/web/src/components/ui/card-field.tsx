import type { ReactNode } from 'react'

/** One labelled figure of a row shown as a card on a phone (inside a `<dl>`). */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  )
}
