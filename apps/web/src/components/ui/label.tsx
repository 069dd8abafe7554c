import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

/** A form label; `select-none` keeps a double click on it from selecting its text. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn('text-sm leading-none font-medium text-foreground select-none', className)}
      {...props}
    />
  )
}
