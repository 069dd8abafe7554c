import type { ReactNode } from 'react'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table'

/**
 * A small read-only table of rows already shaped for display (figures, lists of a detail page):
 * its cells wrap instead of widening the box; the box, named `label`, scrolls sideways by keyboard
 * when it still must.
 */
export function DataTable({
  label,
  columns,
  rows,
}: {
  label: string
  columns: readonly string[]
  rows: readonly (readonly ReactNode[])[]
}) {
  return (
    <Table scrollLabel={label}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column} className="whitespace-normal">
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((cells, index) => (
          <TableRow key={index}>
            {cells.map((cell, cellIndex) => (
              <TableCell key={cellIndex} className="break-words whitespace-normal tabular-nums">
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
