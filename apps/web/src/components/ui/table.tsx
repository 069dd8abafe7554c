import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'
import { Skeleton } from '@/components/ui/skeleton'

/**
 * A data table that scrolls sideways inside its own box, never the page (360 px screens). Its
 * actions column (TableActionsHead / TableActionsCell) stays pinned to the box's right edge, so the
 * buttons are in view whatever the width.
 */
export function Table({
  className,
  scrollLabel,
  ...props
}: ComponentProps<'table'> & {
  /** Names the box for keyboard users, who can then focus it and scroll it with the arrows. */
  scrollLabel?: string
}) {
  return (
    <div
      className="relative w-full overflow-x-auto rounded-lg border border-border bg-surface"
      {...(scrollLabel ? { role: 'group', tabIndex: 0, 'aria-label': scrollLabel } : {})}
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  )
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-surface-2 [&_tr]:border-b', className)} {...props} />
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn('border-b border-border transition-colors hover:bg-surface-2/60', className)}
      {...props}
    />
  )
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-10 px-3 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        className,
      )}
      {...props}
    />
  )
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-middle whitespace-nowrap', className)} {...props} />
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return (
    <caption className={cn('mt-3 px-3 pb-3 text-sm text-muted-foreground', className)} {...props} />
  )
}

/** Pinned to the right edge of the table's box from small screens up, over what scrolls. */
const pinnedEnd =
  'sm:sticky sm:right-0 sm:z-10 sm:shadow-[-10px_0_10px_-10px_rgb(0_0_0/0.6)] sm:border-l sm:border-border'

/** The heading of the actions column (named for screen readers only). */
export function TableActionsHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <TableHead className={cn(pinnedEnd, 'bg-surface-2', className)} {...props}>
      <span className="sr-only">Actions</span>
    </TableHead>
  )
}

/** The cell of a row's buttons, kept in view at the right edge. */
export function TableActionsCell({ className, ...props }: ComponentProps<'td'>) {
  return <TableCell className={cn(pinnedEnd, 'bg-surface', className)} {...props} />
}

/** The rows a table shows while its data loads: `rows` rows of `columns` grey bars. */
export function TableSkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <TableRow key={row}>
      {Array.from({ length: columns }, (_, cell) => (
        <TableCell key={cell}>
          <Skeleton className="h-4 w-full min-w-12" />
        </TableCell>
      ))}
    </TableRow>
  ))
}
