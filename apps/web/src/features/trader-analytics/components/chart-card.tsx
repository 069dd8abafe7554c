import { useId, type ReactNode } from 'react'
import { Card } from '@/components/ui/card'

export type ChartTable = {
  columns: readonly string[]
  rows: readonly (readonly string[])[]
}

/**
 * One chart of Trade Visualization: its title, a one-line text summary, the drawing (hidden from
 * screen readers) and the same figures as a table for them.
 */
export function ChartCard({
  title,
  summary,
  table,
  action,
  children,
}: {
  title: string
  summary: string
  table: ChartTable
  action?: ReactNode
  children: ReactNode
}) {
  const titleId = useId()
  const summaryId = useId()
  return (
    <Card
      role="figure"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      className="grid min-w-0 gap-3 p-4"
      data-chart={title}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold">
          {title}
        </h3>
        {action}
      </div>
      <p id={summaryId} className="text-sm text-muted-foreground">
        {summary}
      </p>
      <div aria-hidden className="h-64 w-full max-w-[700px] min-w-0">
        {children}
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, cellIndex) => (
                <td key={cellIndex}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  )
}
