import type { ReactNode } from 'react'
import { DocumentTitle } from '@/components/document-title'

export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="mb-6 grid gap-1">
      <DocumentTitle title={title} />
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
    </div>
  )
}
