import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { TableHead } from '@/components/ui/table'
import { cn } from '@/lib/utils'

export type SortOrder = 'asc' | 'desc'

/**
 * A column header of a server-sorted table: a button that asks for this column (the same column
 * flips the order), with aria-sort telling screen readers which column orders the rows.
 */
export function SortHeader<Field extends string>({
  label,
  field,
  sort,
  order,
  isNumeric = false,
  onSort,
}: {
  label: string
  field: Field
  sort: Field
  order: SortOrder
  isNumeric?: boolean
  onSort: (field: Field) => void
}) {
  const isActive = field === sort
  const Icon = !isActive ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown
  return (
    <TableHead
      aria-sort={isActive ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn(isNumeric && 'text-right')}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-2"
      >
        {label}
        <Icon aria-hidden className={cn('size-3.5', !isActive && 'opacity-40')} />
      </button>
    </TableHead>
  )
}
